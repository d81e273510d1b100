# The words of Big A, in English (the Display of game-big-a's events and screen say the same,
# which a test checks).

biga-ordinal = { $n ->
    [1] 1st
    [2] 2nd
    [3] 3rd
   *[other] { $n }th
}

## Narration

biga-deal-started = hand { $hand }: { $seat } draws first
biga-deal-started-redeal = hand { $hand }, redeal { $attempt }: { $seat } draws first
biga-drew = { $seat } draws { $card }
biga-drew-hidden = { $seat } draws a card
biga-expose-declare = { $seat } exposes { $cards } and is declarer
biga-expose-overcall = { $seat } exposes { $cards } and is declarer, alone (overcall)
biga-expose-protect = { $seat } exposes { $cards } (the second copy): declarer alone, protected
biga-expose-forced-heart = { $seat } exposes { $cards } (forced heart Ace) and is declarer
biga-expose-partner = { $seat } exposes { $cards } and reveals as partner
biga-expose-lone-second = { $seat } exposes { $cards } (the second copy): declarer alone
biga-redeal = nobody exposed and both heart Aces are face down ({ $cards }): redeal
biga-picked-up = { $seat } takes up { $card }
biga-picked-up-hidden = { $seat } takes up the face-down card
biga-play-starts = play starts: declarer { $declarer }, Big Aces A{ $suit }, { $leader } leads
biga-played = { $seat } plays { $play }
biga-captured = { $seat } captures { $taken } with { $fours } Fours
biga-passed = { $seat } passes
biga-trick-won = { $seat } wins the trick
biga-lead-passes = { $from } is out: the lead passes to { $to }
biga-went-out = { $seat } is out, place { $place }
biga-deal-ended = hand over: order { $order }; scores { $scores }; totals { $totals }
biga-match-over = match over: totals { $totals }

## The screen

biga-heading = Big A, hand { $hand } of { $hands }
biga-heading-redeal = Big A, hand { $hand } of { $hands }, redeal { $redeal }
biga-phase-draw = phase: the draw (an Ace may be exposed after each draw)
biga-phase-partner = phase: cards taken up; the other Big Ace may be exposed
biga-phase-play = phase: card play
biga-phase-over = phase: the match is over
biga-stock = stock: { $cards } left, { $seat } drew first
biga-exposed-declares = { $seat } exposed { $cards } (declares)
biga-exposed-overcall = { $seat } exposed { $cards } (overcall, alone)
biga-exposed-second = { $seat } exposed { $cards } (the second copy, alone)
biga-exposed-forced-heart = { $seat } exposed { $cards } (forced heart Ace, declares)
biga-exposed-partner = { $seat } exposed { $cards } (reveals as partner)
biga-big-aces-undecided = Big Aces: not decided yet
biga-big-aces-partner = Big Aces: A{ $suit }; declarer { $declarer }, partner { $partner }
biga-big-aces-alone = Big Aces: A{ $suit }; declarer { $declarer }, declarer alone
biga-big-aces-unknown = Big Aces: A{ $suit }; declarer { $declarer }, partner unknown
biga-pile = pile: { $play } played by { $seat }, { $passes ->
    [0] no passes
    [1] 1 pass
   *[other] { $passes } passes
} since
biga-pile-empty = pile: empty, a new lead
biga-place = { $seat } { $place }
biga-out-order = out: { $order }
biga-last-hand = last hand: { $scores }
biga-total = total { $total }
biga-declarer = declarer
biga-partner = partner
biga-opponent = opponent
biga-out = out { $place }
biga-big-ace-mark = * a Big Ace
biga-you-declarer = you are the declarer
biga-you-team = you are on the Big Ace team
biga-you-opponent = you are an opponent

## Refusals (the engine's ActionError)

biga-refused-match-over = the match is over
biga-refused-not-exposing = aces are exposed only during the draw or right after the pick-up (B4, B5)
biga-refused-no-such-ace = you do not hold { $what } among your seen cards (B4, B5)
biga-refused-settled = the big aces are settled: nobody may expose any more (B4, B5)
biga-refused-only-pair-overcalls = an ace is already exposed: only a pair of identical aces overcalls it (B4)
biga-refused-partner-after-forced-heart = the partner may not expose after a forced heart ace (B5)
biga-refused-not-the-big-ace = after the pick-up only the ace matching the big ace may be exposed, by its holder (B5)
biga-refused-not-playing = cards are played only once the big ace is decided and the cards are taken up (B6)
biga-refused-must-lead = the leader must play a card or combination (B8)
biga-refused-not-combination = { $play } is not a combination (B7)
biga-refused-not-held = you do not hold { $play } (B7)
biga-refused-cannot-beat = { $play } does not beat { $top }: { $reason }
biga-refused-beat-shape = only the same type and length, or a bomb, beats it (B7)
biga-refused-beat-not-higher = it is not higher (B7)
biga-refused-beat-triplet-limit = a triplet cannot beat a joker, a lone big ace or a double sequence (B7)
biga-refused-beat-four-limit = a four of a kind cannot beat a lone big ace (B7)
biga-refused-beat-lower-bomb = it is a lower bomb (B7)
biga-refused-nothing-to-capture = fours capture only an egg of 3 to 6 equal cards on the pile (B9)
biga-refused-capture-count = capturing { $top } needs exactly { $need } fours, not { $given } (B9)
biga-refused-illegal = { $action } is not legal now (B4-B10)
biga-config-players = big a needs exactly 5 players, not { $players } (B2)
biga-config-hands = a match has 1 to 1000 hands, not { $hands } (B11)

## The table's buttons

biga-action-pass = pass
biga-action-expose = expose { $cards }
biga-action-capture = capture with { $cards }
