# Cego's words, in English (the Display of game-cego's events and screen say the same, which
# a test checks). The German terms are the rule books' (cego.md).

-gstiess = Gstieß

cego-empty = {""}

## Contracts and calls

cego-contract-solo = Solo
cego-contract-cego = Cego
cego-contract-one-card = One Card
cego-contract-one-blank = One Blank
cego-contract-two-blanks = Two Blanks
cego-contract-two-different = Two Different
cego-contract-little-man = Little Man
cego-contract-ulti = Ulti
cego-contract-piccolo = Piccolo
cego-contract-bettel = Bettel
cego-contract-raeuber = Räuber
cego-gegensolo = Gegensolo
cego-gegensolo-cego = Gegensolo (Cego)
cego-call-pass = Pass
cego-call-hold = Hold (Selbst)
cego-call-other = { $call }
cego-terms-solo = factor 2 if won, 1 if lost
cego-terms-factor = factor { $factor }
cego-terms-stake = { $stake } per defender
cego-terms-raeuber = most card points pays

## Narration

cego-deal-started = deal { $deal }: { $dealer } deals, { $forehand } is forehand
cego-deal-started-out = deal { $deal }: { $dealer } deals and sits out, { $forehand } is forehand
cego-dealt = { $seat } is dealt { $hand }
cego-dealt-hidden = { $seat } is dealt { $count } cards
cego-called = { $seat }: { $call }
cego-fixed-gegensolo = { $seat } plays Gegensolo (Cego), { $terms }
cego-fixed-against-solo = { $seat } plays { $contract } against a Solo, { $terms }
cego-fixed = { $seat } plays { $contract }, { $terms }
cego-fixed-everyone = everyone plays { $contract }: { $terms }
cego-exposed = { $seat } exposes { $card }
cego-discarded-rest = { $seat } discards the other { $cards } face down
cego-discarded = { $seat } discards { $card }
cego-discarded-hidden = { $seat } discards a card face down
cego-took-cego = { $seat } takes the cego: { $cards }
cego-took-cego-hidden = { $seat } takes the cego
cego-shown-discard = { $seat } discards { $card } from the cego face up
cego-played = trick { $trick }: { $seat } plays { $card }
cego-trick-won = trick { $trick } goes to { $seat }
cego-decided = the result is certain after trick { $trick }: the deal stops (CG22)
cego-cego-shown = the cego was { $cards }
cego-scored-counter = { $who }{ $won ->
    [yes] wins
   *[no] loses
} { $contract } with { $score }: { $payments }; totals { $totals }
cego-scored-special = { $who }{ $won ->
    [yes] wins
   *[no] loses
} { $contract }, { $score }: { $payments }; totals { $totals }
cego-scored-raeuber = Räuber { $score }: { $payments }; totals { $totals }
cego-gstiess-announced = Der { -gstiess } gibt ab: whoever holds the { -gstiess } in deal { $deal } deals the last deal
cego-gstiess-noted = { $seat } held the { -gstiess }: the match ends with deal { $last }, which { $seat } deals
cego-match-over = match over: { $totals }

## Scores

cego-score-counter = { $points } card points, { $distance }; { $difference } x factor { $factor } = { $product }, { $rounding }: { $amount } per defender
cego-distance = { $difference } { $side ->
    [above] above
    [below] below
   *[from] from
} { $middle }
cego-distance-pairs = { $exact } { $side ->
    [above] above
    [below] below
   *[from] from
} { $middle }, counted as { $difference }
cego-rounding-multiple = a multiple of 5
cego-rounding-least = at least 5
cego-rounding-next = the next multiple of 5 above
cego-rounding-up = rounded up to a multiple of 5
cego-score-special = { $how }, { $stake } per defender
cego-ulti-took = trock 1 took trick { $trick }
cego-ulti-missed = trock 1 did not take trick { $trick }
cego-score-raeuber = card points { $points }
cego-score-raeuber-out = card points { $points } ({ $out } sat out)

## The screen

cego-heading = Cego, deal { $deal } of { $deals } ({ $dealer } deals, { $forehand } is forehand)
cego-heading-out = Cego, deal { $deal } of { $deals } ({ $dealer } deals and sits out, { $forehand } is forehand)
cego-heading-gstiess = Cego, deal { $deal }, the { -gstiess } ending after deal { $deals } ({ $dealer } deals, { $forehand } is forehand)
cego-heading-gstiess-out = Cego, deal { $deal }, the { -gstiess } ending after deal { $deals } ({ $dealer } deals and sits out, { $forehand } is forehand)
cego-speaking-order = speaking order: { $order }
cego-sits-out-line = { $seat } deals and sits out this deal, paying or receiving like a defender
cego-auction = auction: { $calls }
cego-auction-call = { $seat } { $call }
cego-game = game: { $name }
cego-game-by = game: { $name } by { $seat }
cego-game-terms = game: { $name }, { $terms }
cego-game-by-terms = game: { $name } by { $seat }, { $terms }
cego-exposed-line = exposed: { $cards }
cego-face-up = discarded face up: { $card }
cego-the-cego = the cego: { $cards }
cego-last-trick = last trick { $number }: { $plays }; won by { $winner }
cego-trick-lead = trick { $number }: { $seat } to lead
cego-trick-open = trick { $number }
cego-trick = trick { $number }: { $plays }
cego-you-took = you took the cego: { $cards }
cego-your-legage = your discards (the Legage, { $count }): { $cards }
cego-letter-forehand = A (forehand)
cego-letter-dealer = { $letter } (dealer)
cego-letter = { $letter }
cego-dealer-sits-out = dealer, sits out
cego-soloist = soloist
cego-total = total { $total }
