# The words of Einer ist immer der ..., in English (the Display of game-einer-ist-immer's events
# and screen say the same, which a test checks). The rank titles are the game's option
# `titles` (english or german), not the catalogue's.

einer-lead-dealers-left = left of the dealer, E2
einer-lead-boss = the Boss leads, E8
einer-lead-next-clockwise = next clockwise holding cards, E6
einer-lead-direct-superior = the winner's direct superior, E6
einer-lead-direct-subordinate = the winner's direct subordinate, E6
einer-lead-highest-ranking = the highest-ranking player holding cards, E6

## Narration

einer-hand-started = hand { $hand }: { $dealer } deals; seats clockwise: { $chairs }
einer-jokers-set-aside = { $count } jokers are set aside for hand 1 (E2)
einer-dealt = { $seat } is dealt { $count } { $count ->
    [one] card
   *[other] cards
}
einer-dealt-cards = { $seat } is dealt { $count } { $count ->
    [one] card
   *[other] cards
}: { $cards }
einer-exchanged = { $from } gives { $to } { $count } { $count ->
    [one] card
   *[other] cards
}
einer-exchanged-cards = { $from } gives { $to } { $count } { $count ->
    [one] card
   *[other] cards
}: { $cards }
einer-leads = { $seat } leads ({ $reason })
einer-led = { $seat } leads { $play }
einer-played = { $seat } plays { $play }
einer-passed = { $seat } passes
einer-trick-won = { $seat } wins the trick with { $play }
einer-went-out = { $seat } is out, place { $place }: { $title }
einer-hand-ended = hand { $hand } ends: { $ranking }
einer-match-ended = the match is over after { $hands } { $hands ->
    [one] hand
   *[other] hands
}

## The screen

einer-heading = Einer ist immer der ..., hand { $hand } of { $hands }
einer-seating = seating, clockwise: { $chairs }
einer-trick-lead = trick: { $seat } to lead
einer-trick = trick: { $turns }
einer-trick-top = trick: { $turns }; highest { $play } by { $seat }
einer-match-over = the match is over
einer-jokers-aside = jokers set aside this hand: { $count }
einer-played-hand = played this hand: { $cards }
einer-out = out, place { $place }: { $title }
einer-last-title = { $title } of the last hand
einer-dealer = dealer
einer-total = total { $total }
einer-record = { $boss } { $bosses }x, { $ass } { $asses }x, mean place { $mean }
einer-your-exchange = Your exchange: you gave { $partner } { $gave }, received { $received }

## Refusals (the engine's ActionError)

einer-refused-match-over = the match is over after its last hand (E9)
einer-refused-must-lead = the leader must play, passing is only for the other players (E3)
einer-refused-wrong-count = the trick was led with { $led } cards, so exactly { $led } must be played, not { $played } (E3)
einer-refused-not-higher = { $play } does not beat { $top }: the rank must be strictly higher (E3)
einer-refused-jokers-in-first-hand = jokers are left out of hand 1 (E2)
einer-refused-not-held = { $seat } does not hold { $play } (E3)
einer-config-players = einer ist immer der is played by 4 to 10 players, not { $players } (E1)
einer-config-hands = a match has 1 to 1000 hands, not { $hands } (E9)

## The table's buttons

einer-action-pass = pass
