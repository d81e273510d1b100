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
