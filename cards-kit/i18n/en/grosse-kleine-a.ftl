# The words of Das Grosse und das kleine A, in English (the Display of game-grosse-kleine-a's
# events and screen say the same, which a test checks).

-game = Das Grosse und das kleine A

gka-card-little = little a
gka-card-big = Big A

## Narration

gka-hand-started = hand { $hand }: { $seat } leads the first round
gka-dealt = { $seat } is dealt { $cards }
gka-dealt-hidden = { $seat } is dealt { $count } cards
gka-lead-passed = round { $round }: { $seat } holds only A cards that may not be led yet and passes the lead (A8)
gka-led-a = round { $round }: { $seat } leads the { $card }
gka-led = round { $round }: { $seat } leads { $play }
gka-raised = { $seat } raises with { $play }
gka-followed-rank-one = { $seat } plays { $play } (rank 1 in an A round)
gka-followed = { $seat } plays { $play }
gka-passed = { $seat } passes
gka-round-won = { $seat } wins round { $round }; the cards go out of play
gka-round-won-pile = { $seat } takes the little a trick of round { $round } ({ $cards }) into a penalty pile worth { $points }
gka-round-won-hand = { $seat } takes the Big A trick of round { $round } ({ $cards }) into hand
gka-took-a = { $seat } takes the { $card } into hand (A5)
gka-hand-ended = hand { $hand } ends; penalties: { $penalties }; totals: { $totals }
gka-match-ended = the match ends; totals: { $totals }; { $many ->
    [yes] winners
   *[no] winner
}: { $winners }

## The screen

gka-heading = { -game }, hand { $hand } of { $hands }, round { $round } ({ $kind })
gka-kind-open = to be led
gka-kind-normal = normal round, { $cards } per play
gka-kind-a = { $which ->
    [little] little a
   *[big] Big A
} round: no passing, jokers rank 1
gka-round-lead = round { $round }: { $seat } to lead
gka-round-acts = round { $round }: { $acts }
gka-highest-jokers = highest: jokers only (14) by { $seat }; raise with { $cards } of a higher rank
gka-highest = highest: rank { $rank } by { $seat }; raise with { $cards } of a higher rank
gka-taking = taking the trick so far: { $seat } with rank { $rank }
gka-a-middle = the { $card }: in the middle of the table
gka-a-held-may = the { $card }: held by { $seat } (may be led)
gka-a-held-may-not = the { $card }: held by { $seat } (may not be led this round, A6)
gka-a-table = the { $card }: on the table
gka-a-pile = the { $card }: in { $seat }'s penalty pile
gka-out = out of play from earlier rounds: { $cards }
gka-not-dealt = not dealt: { $cards } (unseen)
gka-match-over = the match is over
gka-pile = penalty pile { $pile } ({ $points })
gka-known = known to hold { $cards }
gka-total = total { $total }

## Refusals (the engine's ActionError)

gka-refused-match-over = the match is over (A10)
gka-refused-not-held = { $action } is not in your hand
gka-refused-must-lead = the leader must lead while holding a card that may be led (A8)
gka-refused-a-just-taken = the { $card } may not be led in the round after it was taken (A6)
gka-refused-a-only-led = an A card may only be led, as a single card (A6)
gka-refused-other-a-in-a-round = the other A card may not be played in an A round (A7)
gka-refused-wrong-count = a raise must have exactly { $needed } cards, as many as the lead (A4)
gka-refused-not-higher = a raise must be of a higher rank than { $top } (A4)
gka-refused-one-card-in-a-round = exactly one card is played to an A round (A7)
gka-refused-must-play-in-a-round = no passing in an A round while holding a card that may be played (A7)
gka-config-players = { $players } players: the game is for 3 to 9 players (A2)
gka-config-hands = { $hands } hands: a match has 1 to 1000 hands (A10)

## The table's buttons

gka-action-pass = pass
