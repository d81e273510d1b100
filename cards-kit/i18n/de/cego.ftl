# Die Wörter von Cego, auf Deutsch, mit den Begriffen der Regelhefte (cego.md): Vorhand,
# Legage, Gstieß, Trock, Selbst, Gegensolo, Räuber, Augen.

-gstiess = Gstieß

cego-empty = {""}

## Spiele und Ansagen

cego-contract-solo = Solo
cego-contract-cego = Cego
cego-contract-one-card = Eine
cego-contract-one-blank = Eine Leere
cego-contract-two-blanks = Zwei Leere
cego-contract-two-different = Zwei Verschiedene
cego-contract-little-man = Kleiner Mann
cego-contract-ulti = Ulti
cego-contract-piccolo = Piccolo
cego-contract-bettel = Bettel
cego-contract-raeuber = Räuber
cego-gegensolo = Gegensolo
cego-gegensolo-cego = Gegensolo (Cego)
cego-call-pass = Passe
cego-call-hold = Selbst
cego-call-other = { $call }
cego-terms-solo = Faktor 2 bei Gewinn, 1 bei Verlust
cego-terms-factor = Faktor { $factor }
cego-terms-stake = { $stake } je Gegenspieler
cego-terms-raeuber = wer die meisten Augen hat, zahlt

## Erzählung

cego-deal-started = Spiel { $deal }: { $dealer } gibt, { $forehand } ist Vorhand
cego-deal-started-out = Spiel { $deal }: { $dealer } gibt und setzt aus, { $forehand } ist Vorhand
cego-dealt = { $seat } erhält { $hand }
cego-dealt-hidden = { $seat } erhält { $count } Karten
cego-called = { $seat }: { $call }
cego-fixed-gegensolo = { $seat } spielt Gegensolo (Cego), { $terms }
cego-fixed-against-solo = { $seat } spielt { $contract } gegen ein Solo, { $terms }
cego-fixed = { $seat } spielt { $contract }, { $terms }
cego-fixed-everyone = alle spielen { $contract }: { $terms }
cego-exposed = { $seat } legt { $card } offen auf
cego-discarded-rest = { $seat } legt die übrigen { $cards } verdeckt ab
cego-discarded = { $seat } legt { $card } ab
cego-discarded-hidden = { $seat } legt eine Karte verdeckt ab
cego-took-cego = { $seat } nimmt den Cego auf: { $cards }
cego-took-cego-hidden = { $seat } nimmt den Cego auf
cego-shown-discard = { $seat } legt { $card } aus dem Cego offen ab
cego-played = Stich { $trick }: { $seat } spielt { $card }
cego-trick-won = Stich { $trick } geht an { $seat }
cego-decided = das Ergebnis steht nach Stich { $trick } fest: das Spiel endet (CG22)
cego-cego-shown = der Cego war { $cards }
cego-scored-counter = { $who }{ $won ->
    [yes] gewinnt
   *[no] verliert
} { $contract } mit { $score }: { $payments }; Stand { $totals }
cego-scored-special = { $who }{ $won ->
    [yes] gewinnt
   *[no] verliert
} { $contract }, { $score }: { $payments }; Stand { $totals }
cego-scored-raeuber = Räuber { $score }: { $payments }; Stand { $totals }
cego-gstiess-announced = Der { -gstiess } gibt ab: wer in Spiel { $deal } den { -gstiess } hält, gibt das letzte Spiel
cego-gstiess-noted = { $seat } hielt den { -gstiess }: die Partie endet mit Spiel { $last }, das { $seat } gibt
cego-match-over = Partie zu Ende: { $totals }

## Abrechnung

cego-score-counter = { $points } Augen, { $distance }; { $difference } x Faktor { $factor } = { $product }, { $rounding }: { $amount } je Gegenspieler
cego-distance = { $difference } { $side ->
    [above] über
    [below] unter
   *[from] von
} { $middle }
cego-distance-pairs = { $exact } { $side ->
    [above] über
    [below] unter
   *[from] von
} { $middle }, gezählt als { $difference }
cego-rounding-multiple = ein Vielfaches von 5
cego-rounding-least = mindestens 5
cego-rounding-next = das nächste Vielfache von 5 darüber
cego-rounding-up = aufgerundet auf ein Vielfaches von 5
cego-score-special = { $how }, { $stake } je Gegenspieler
cego-ulti-took = Trock 1 machte Stich { $trick }
cego-ulti-missed = Trock 1 machte Stich { $trick } nicht
cego-score-raeuber = Augen { $points }
cego-score-raeuber-out = Augen { $points } ({ $out } setzte aus)

## Der Bildschirm

cego-heading = Cego, Spiel { $deal } von { $deals } ({ $dealer } gibt, { $forehand } ist Vorhand)
cego-heading-out = Cego, Spiel { $deal } von { $deals } ({ $dealer } gibt und setzt aus, { $forehand } ist Vorhand)
cego-heading-gstiess = Cego, Spiel { $deal }, Ende mit dem { -gstiess } nach Spiel { $deals } ({ $dealer } gibt, { $forehand } ist Vorhand)
cego-heading-gstiess-out = Cego, Spiel { $deal }, Ende mit dem { -gstiess } nach Spiel { $deals } ({ $dealer } gibt und setzt aus, { $forehand } ist Vorhand)
cego-speaking-order = Reihenfolge der Ansage: { $order }
cego-sits-out-line = { $seat } gibt und setzt in diesem Spiel aus, zahlt oder erhält aber wie ein Gegenspieler
cego-auction = Ansagen: { $calls }
cego-auction-call = { $seat } { $call }
cego-game = Spiel: { $name }
cego-game-by = Spiel: { $name } von { $seat }
cego-game-terms = Spiel: { $name }, { $terms }
cego-game-by-terms = Spiel: { $name } von { $seat }, { $terms }
cego-exposed-line = offen aufgelegt: { $cards }
cego-face-up = offen abgelegt: { $card }
cego-the-cego = der Cego: { $cards }
cego-last-trick = letzter Stich { $number }: { $plays }; gemacht von { $winner }
cego-trick-lead = Stich { $number }: { $seat } spielt aus
cego-trick-open = Stich { $number }
cego-trick = Stich { $number }: { $plays }
cego-you-took = du hast den Cego aufgenommen: { $cards }
cego-your-legage = deine Legage ({ $count }): { $cards }
cego-letter-forehand = A (Vorhand)
cego-letter-dealer = { $letter } (Geber)
cego-letter = { $letter }
cego-dealer-sits-out = Geber, setzt aus
cego-soloist = Spieler
cego-total = Stand { $total }

## Ablehnungen (ActionError der Regeln)

cego-refused-match-over = die Partie ist zu Ende
cego-refused-wrong-step = { $action } geht jetzt nicht: gerade ist { $step } dran
cego-refused-pass-at-opening = Vorhand darf zu Beginn der zweiten Runde nicht passen: sie muss Cego, Piccolo oder Bettel ansagen (cego.md 4.3)
cego-refused-jump-bid = Sprünge sind nicht erlaubt: die nächste Stufe ist { $next } (cego.md 4.1)
cego-refused-ladder-top = über Kleiner Mann, die oberste Stufe, kann nichts angesagt werden (cego.md 4.1)
cego-refused-special-after-solo = { $contract } kann nicht über ein Solo angesagt werden (cego.md 4.4)
cego-refused-infeasible = { $contract } braucht { $needs } im gegebenen Blatt (cego.md 4.5, { $ruling })
cego-refused-not-at-three = { $contract } wird zu dritt nicht gespielt (cego.md 10)
cego-refused-entrant-hold = nur wer hält, darf Selbst sagen; wer einsteigt, muss erhöhen oder passen (CG2)
cego-refused-call-not-open = { $action } ist jetzt keine offene Ansage: { $why }
cego-refused-not-in-hand = { $card } hast du nicht auf der Hand
cego-refused-bad-exposure = { $card } darf bei { $contract } nicht aufgelegt werden: { $why } (CG8)
cego-refused-not-from-cego = { $card } kam nicht aus dem Cego: die Ablage muss es (CG13)
cego-refused-exposed-discard = { $card } liegt offen auf und bleibt in der Hand (cego.md 5)
cego-refused-must-follow = du musst { $suit } bedienen (cego.md 6.2)
cego-refused-must-trump = du kannst { $suit } nicht bedienen und musst einen Trock spielen (cego.md 6.2)
cego-refused-first-lead = das erste Ausspiel muss { $what } sein (cego.md 5)
cego-refused-double-lead = { $what } (cego.md 6.4)
cego-refused-bad-pair = keine Reihenfolge von { $first } und { $second } bedient in beiden Stichen (CG15)
cego-refused-ulti-hold-back = im Ulti darf Trock 1 vor dem letzten Stich nicht gespielt werden, solange eine andere Karte erlaubt ist (CG9)
cego-refused-not-your-turn = { $seat } ist am Zug
cego-phrase-auction = die Ansage
cego-phrase-exposing = das Auflegen der behaltenen Karten
cego-phrase-discarding = das Ablegen in die Legage
cego-phrase-card-play = das Kartenspiel
cego-phrase-plain-suit-card = eine Farbkarte
cego-phrase-two-of-one-suit = zwei Karten einer Farbe
cego-phrase-two-different-suits = Farbkarten zweier verschiedener Farben
cego-phrase-trock-1 = Trock 1
cego-phrase-entrant-pass-or-bid = wer einsteigt, darf passen oder die nächste Stufe ansagen
cego-phrase-holder-hold-or-pass = wer hält, darf Selbst sagen oder passen
cego-phrase-phase-one = in der ersten Runde gibt es nur Passe, Solo oder Ulti (cego.md 4.2, CG4)
cego-phrase-opening = Vorhand eröffnet die zweite Runde mit Cego, Piccolo oder Bettel (cego.md 4.3)
cego-phrase-answer = wer hält, darf nur Selbst sagen oder passen (cego.md 4.3, CG2)
cego-phrase-raeuber-choice = Vorhand wählt Cego oder Räuber (cego.md 4.3)
cego-phrase-entry = wer einsteigt, darf passen, die nächste Stufe oder (ohne Solo) Piccolo oder Bettel ansagen
cego-phrase-keep-numeral = eine Zahlkarte muss behalten werden, wenn das Blatt eine hat
cego-phrase-keep-two-blanks = zwei Karten einer Farbe, Zahlkarten, wenn eine Farbe zwei Zahlkarten hat
cego-phrase-keep-two-different = zwei Farbkarten verschiedener Farben mit so wenig Bildern wie möglich
cego-phrase-clubs = Kreuz
cego-phrase-spades = Pik
cego-phrase-hearts = Herz
cego-phrase-diamonds = Karo
cego-phrase-trocks = Trocke
cego-phrase-lead-little-man = Trock 1 (Kleiner Mann)
cego-phrase-lead-one-blank = die aufgelegte Leere oder eine andere Karte ihrer Farbe (Eine Leere)
cego-phrase-play-a-pair = Stich 1 und 2 werden zusammen gespielt: spiele ein Paar wie 8s+7s
cego-phrase-no-pair = nur Stich 1 und 2 von Zwei Leere und Zwei Verschiedene werden als Paar gespielt
cego-phrase-pair-two-blanks = zwei verschiedene Karten der aufgelegten Farbe, zu Stich 1 und 2 (Zwei Leere)
cego-phrase-pair-two-different = genau die zwei aufgelegten Karten, zu Stich 1 und 2 (Zwei Verschiedene)
cego-config-players = Cego spielen 4, zu dritt mit dem kurzen Blatt (cego.md Abschnitt 10) oder zu fünft, wobei der Geber jedes Spiel aussetzt (cego.md Abschnitt 3), nicht { $players }
cego-config-deals = eine Partie hat 1 bis 1000 Spiele, nicht { $deals }

## Die Knöpfe am Tisch: die Worte jedes Zugs (die Schreibweise, die gesendet wird, bleibt)

cego-action-pass = Passe
cego-action-hold = Selbst
cego-action-solo = Solo
cego-action-cego = Cego
cego-action-one-card = Eine
cego-action-one-blank = Eine Leere
cego-action-two-blanks = Zwei Leere
cego-action-two-different = Zwei Verschiedene
cego-action-little-man = Kleiner Mann
cego-action-ulti = Ulti
cego-action-piccolo = Piccolo
cego-action-bettel = Bettel
cego-action-raeuber = Räuber
cego-action-expose = { $cards } offen auflegen
cego-action-discard = { $cards } in die Legage
