# Die Wörter von Das Grosse und das kleine A, auf Deutsch (die Begriffe des Regelhefts von
# Wolfgang Kramer: das Grosse A, das kleine a, Joker, Strafpunkte).

-game = Das Grosse und das kleine A

gka-card-little = kleine a
gka-card-big = Grosse A

## Erzählung

gka-hand-started = Spiel { $hand }: { $seat } eröffnet die erste Runde
gka-dealt = { $seat } erhält { $cards }
gka-dealt-hidden = { $seat } erhält { $count } Karten
gka-lead-passed = Runde { $round }: { $seat } hat nur A-Karten, die noch nicht ausgespielt werden dürfen, und gibt das Ausspiel weiter (A8)
gka-led-a = Runde { $round }: { $seat } spielt das { $card } aus
gka-led = Runde { $round }: { $seat } spielt { $play } aus
gka-raised = { $seat } erhöht mit { $play }
gka-followed-rank-one = { $seat } spielt { $play } (Rang 1 in einer A-Runde)
gka-followed = { $seat } spielt { $play }
gka-passed = { $seat } passt
gka-round-won = { $seat } gewinnt Runde { $round }; die Karten kommen aus dem Spiel
gka-round-won-pile = { $seat } nimmt den Stich des kleinen a aus Runde { $round } ({ $cards }) auf einen Strafstapel im Wert von { $points }
gka-round-won-hand = { $seat } nimmt den Stich des Grossen A aus Runde { $round } ({ $cards }) auf die Hand
gka-took-a = { $seat } nimmt das { $card } auf die Hand (A5)
gka-hand-ended = Spiel { $hand } ist zu Ende; Strafpunkte: { $penalties }; Stand: { $totals }
gka-match-ended = die Partie ist zu Ende; Stand: { $totals }; { $many ->
    [yes] Sieger
   *[no] Sieger
}: { $winners }

## Der Bildschirm

gka-heading = { -game }, Spiel { $hand } von { $hands }, Runde { $round } ({ $kind })
gka-kind-open = noch nicht eröffnet
gka-kind-normal = normale Runde, { $cards } je Zug
gka-kind-a = { $which ->
    [little] Runde des kleinen a
   *[big] Runde des Grossen A
}: kein Passen, Joker zählen als Rang 1
gka-round-lead = Runde { $round }: { $seat } eröffnet
gka-round-acts = Runde { $round }: { $acts }
gka-highest-jokers = am höchsten: nur Joker (14) von { $seat }; erhöhe mit { $cards } eines höheren Rangs
gka-highest = am höchsten: Rang { $rank } von { $seat }; erhöhe mit { $cards } eines höheren Rangs
gka-taking = den Stich hat bisher: { $seat } mit Rang { $rank }
gka-a-middle = das { $card }: in der Mitte des Tisches
gka-a-held-may = das { $card }: bei { $seat } (darf ausgespielt werden)
gka-a-held-may-not = das { $card }: bei { $seat } (darf in dieser Runde nicht ausgespielt werden, A6)
gka-a-table = das { $card }: auf dem Tisch
gka-a-pile = das { $card }: im Strafstapel von { $seat }
gka-out = aus früheren Runden aus dem Spiel: { $cards }
gka-not-dealt = nicht ausgeteilt: { $cards } (ungesehen)
gka-match-over = die Partie ist zu Ende
gka-pile = Strafstapel { $pile } ({ $points })
gka-known = hat bekanntlich { $cards }
gka-total = Stand { $total }

## Ablehnungen (ActionError der Regeln)

gka-refused-match-over = die Partie ist zu Ende (A10)
gka-refused-not-held = { $action } hast du nicht auf der Hand
gka-refused-must-lead = wer ausspielt, muss ausspielen, solange er eine Karte hat, die ausgespielt werden darf (A8)
gka-refused-a-just-taken = das { $card } darf in der Runde, nachdem es genommen wurde, nicht ausgespielt werden (A6)
gka-refused-a-only-led = eine A-Karte darf nur ausgespielt werden, und zwar allein (A6)
gka-refused-other-a-in-a-round = die andere A-Karte darf in einer A-Runde nicht gespielt werden (A7)
gka-refused-wrong-count = ein Überbieten braucht genau { $needed } Karten, so viele wie das Ausspiel (A4)
gka-refused-not-higher = ein Überbieten muss einen höheren Rang als { $top } haben (A4)
gka-refused-one-card-in-a-round = zu einer A-Runde wird genau eine Karte gespielt (A7)
gka-refused-must-play-in-a-round = in einer A-Runde wird nicht gepasst, solange man eine Karte hat, die gespielt werden darf (A7)
gka-config-players = { $players } Spieler: das Spiel ist für 3 bis 9 Spieler (A2)
gka-config-hands = { $hands } Spiele: eine Partie hat 1 bis 1000 Spiele (A10)

## Die Knöpfe am Tisch

gka-action-pass = passen
