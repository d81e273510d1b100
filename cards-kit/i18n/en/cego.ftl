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

## Refusals (the engine's ActionError)

cego-refused-match-over = the match is over
cego-refused-wrong-step = { $action } is not possible now: the current step is { $step }
cego-refused-pass-at-opening = forehand may not pass at the phase-two opening: he must bid cego, piccolo or bettel (cego.md 4.3)
cego-refused-jump-bid = jump bids are not allowed: the next rung is { $next } (cego.md 4.1)
cego-refused-ladder-top = nothing can be bid over little man, the top of the ladder (cego.md 4.1)
cego-refused-special-after-solo = { $contract } cannot be bid over a solo (cego.md 4.4)
cego-refused-infeasible = { $contract } needs { $needs } in the dealt hand (cego.md 4.5, { $ruling })
cego-refused-not-at-three = { $contract } is not played by three players (cego.md 10)
cego-refused-entrant-hold = only the holder may say hold; an entrant must raise or pass (CG2)
cego-refused-call-not-open = { $action } is not a call open now: { $why }
cego-refused-not-in-hand = { $card } is not in your hand
cego-refused-bad-exposure = { $card } cannot be exposed for { $contract }: { $why } (CG8)
cego-refused-not-from-cego = { $card } did not come from the cego: the discard must (CG13)
cego-refused-exposed-discard = { $card } is exposed and stays in hand (cego.md 5)
cego-refused-must-follow = you must follow { $suit } (cego.md 6.2)
cego-refused-must-trump = you cannot follow { $suit } and must play a trock (cego.md 6.2)
cego-refused-first-lead = the first lead must be { $what } (cego.md 5)
cego-refused-double-lead = { $what } (cego.md 6.4)
cego-refused-bad-pair = no order of playing { $first } and { $second } follows suit in both tricks (CG15)
cego-refused-ulti-hold-back = in ulti, trock 1 may not be played before the last trick while another card is legal (CG9)
cego-refused-not-your-turn = it is { $seat }'s turn
cego-phrase-auction = the auction
cego-phrase-exposing = exposing the kept cards
cego-phrase-discarding = discarding to the legage
cego-phrase-card-play = card play
cego-phrase-plain-suit-card = a plain-suit card
cego-phrase-two-of-one-suit = two cards of one plain suit
cego-phrase-two-different-suits = plain cards of two different suits
cego-phrase-trock-1 = trock 1
cego-phrase-entrant-pass-or-bid = an entrant may pass or bid the next rung
cego-phrase-holder-hold-or-pass = the holder may hold or pass
cego-phrase-phase-one = phase one allows only pass, solo or ulti (cego.md 4.2, CG4)
cego-phrase-opening = forehand opens phase two with cego, piccolo or bettel (cego.md 4.3)
cego-phrase-answer = the holder may only hold or pass (cego.md 4.3, CG2)
cego-phrase-raeuber-choice = forehand chooses cego or raeuber (cego.md 4.3)
cego-phrase-entry = an entrant may pass, bid the next rung, or (without a solo) piccolo or bettel
cego-phrase-keep-numeral = a numeral must be kept when the hand has one
cego-phrase-keep-two-blanks = two cards of one plain suit, numerals when some suit has two numerals
cego-phrase-keep-two-different = two plain cards of different suits with as few courts as possible
cego-phrase-clubs = clubs
cego-phrase-spades = spades
cego-phrase-hearts = hearts
cego-phrase-diamonds = diamonds
cego-phrase-trocks = trocks
cego-phrase-lead-little-man = trock 1 (little man)
cego-phrase-lead-one-blank = the exposed blank or another card of its suit (one blank)
cego-phrase-play-a-pair = tricks 1 and 2 are played together: play a pair such as 8s+7s
cego-phrase-no-pair = only tricks 1 and 2 of two blanks and two different are played as a pair
cego-phrase-pair-two-blanks = two different cards of the exposed suit, to tricks 1 and 2 (two blanks)
cego-phrase-pair-two-different = exactly the two exposed cards, to tricks 1 and 2 (two different)
cego-config-players = cego is played by 4 players, by 3 with the short pack (cego.md section 10), or by 5 with the dealer sitting out each deal (cego.md section 3), not by { $players }
cego-config-deals = deals per match must be between 1 and 1000, not { $deals }

## The table's buttons: each action's words, as the contracts and calls above say them (the
## notation, what is sent, stays as it is)

cego-action-pass = Pass
cego-action-hold = Hold (Selbst)
cego-action-solo = Solo
cego-action-cego = Cego
cego-action-one-card = One Card
cego-action-one-blank = One Blank
cego-action-two-blanks = Two Blanks
cego-action-two-different = Two Different
cego-action-little-man = Little Man
cego-action-ulti = Ulti
cego-action-piccolo = Piccolo
cego-action-bettel = Bettel
cego-action-raeuber = Räuber
cego-action-expose = expose { $cards }
cego-action-discard = discard { $cards } to the Legage
