# Die Wörter von Big A (打大A), auf Deutsch: Großes As, Ansager (declarer), Partner, Gegner,
# Stapel, Vierer.

biga-ordinal = { $n }.

## Erzählung

biga-deal-started = Spiel { $hand }: { $seat } zieht zuerst
biga-deal-started-redeal = Spiel { $hand }, Neugeben { $attempt }: { $seat } zieht zuerst
biga-drew = { $seat } zieht { $card }
biga-drew-hidden = { $seat } zieht eine Karte
biga-expose-declare = { $seat } deckt { $cards } auf und ist Ansager
biga-expose-overcall = { $seat } deckt { $cards } auf und ist Ansager, allein (Überbieten)
biga-expose-protect = { $seat } deckt { $cards } auf (das zweite Exemplar): Ansager allein, geschützt
biga-expose-forced-heart = { $seat } deckt { $cards } auf (erzwungenes Herz-As) und ist Ansager
biga-expose-partner = { $seat } deckt { $cards } auf und gibt sich als Partner zu erkennen
biga-expose-lone-second = { $seat } deckt { $cards } auf (das zweite Exemplar): Ansager allein
biga-redeal = niemand hat aufgedeckt, und beide Herz-Asse liegen verdeckt ({ $cards }): neu geben
biga-picked-up = { $seat } nimmt { $card } auf
biga-picked-up-hidden = { $seat } nimmt die verdeckte Karte auf
biga-play-starts = das Spiel beginnt: Ansager { $declarer }, Große Asse A{ $suit }, { $leader } spielt aus
biga-played = { $seat } spielt { $play }
biga-captured = { $seat } fängt { $taken } mit { $fours } Vierern
biga-passed = { $seat } passt
biga-trick-won = { $seat } gewinnt den Stich
biga-lead-passes = { $from } ist draußen: das Ausspiel geht an { $to }
biga-went-out = { $seat } ist draußen, Platz { $place }
biga-deal-ended = Spiel zu Ende: Reihenfolge { $order }; Punkte { $scores }; Stand { $totals }
biga-match-over = Partie zu Ende: Stand { $totals }

## Der Bildschirm

biga-heading = Big A, Spiel { $hand } von { $hands }
biga-heading-redeal = Big A, Spiel { $hand } von { $hands }, Neugeben { $redeal }
biga-phase-draw = Phase: das Ziehen (nach jedem Zug darf ein As aufgedeckt werden)
biga-phase-partner = Phase: Karten aufgenommen; das andere Große As darf aufgedeckt werden
biga-phase-play = Phase: Kartenspiel
biga-phase-over = Phase: die Partie ist zu Ende
biga-stock = Stapel: noch { $cards }, { $seat } hat zuerst gezogen
biga-exposed-declares = { $seat } hat { $cards } aufgedeckt (sagt an)
biga-exposed-overcall = { $seat } hat { $cards } aufgedeckt (Überbieten, allein)
biga-exposed-second = { $seat } hat { $cards } aufgedeckt (das zweite Exemplar, allein)
biga-exposed-forced-heart = { $seat } hat { $cards } aufgedeckt (erzwungenes Herz-As, sagt an)
biga-exposed-partner = { $seat } hat { $cards } aufgedeckt (gibt sich als Partner zu erkennen)
biga-big-aces-undecided = Große Asse: noch nicht entschieden
biga-big-aces-partner = Große Asse: A{ $suit }; Ansager { $declarer }, Partner { $partner }
biga-big-aces-alone = Große Asse: A{ $suit }; Ansager { $declarer }, Ansager allein
biga-big-aces-unknown = Große Asse: A{ $suit }; Ansager { $declarer }, Partner unbekannt
biga-pile = Stapel: { $play } von { $seat }, { $passes ->
    [0] seitdem niemand gepasst
    [1] seitdem 1-mal gepasst
   *[other] seitdem { $passes }-mal gepasst
}
biga-pile-empty = Stapel: leer, neues Ausspiel
biga-place = { $seat } { $place }
biga-out-order = draußen: { $order }
biga-last-hand = letztes Spiel: { $scores }
biga-total = Stand { $total }
biga-declarer = Ansager
biga-partner = Partner
biga-opponent = Gegner
biga-out = draußen als { $place }
biga-big-ace-mark = * ein Großes As
biga-you-declarer = du bist der Ansager
biga-you-team = du bist im Team der Großen Asse
biga-you-opponent = du bist Gegner

## Ablehnungen (ActionError der Regeln)

biga-refused-match-over = die Partie ist zu Ende
biga-refused-not-exposing = Asse werden nur während des Ziehens oder gleich nach dem Aufnehmen aufgedeckt (B4, B5)
biga-refused-no-such-ace = du hast { $what } nicht unter deinen gesehenen Karten (B4, B5)
biga-refused-settled = die Großen Asse stehen fest: niemand darf mehr aufdecken (B4, B5)
biga-refused-only-pair-overcalls = ein As ist schon aufgedeckt: nur ein Paar gleicher Asse überbietet es (B4)
biga-refused-partner-after-forced-heart = nach einem erzwungenen Herz-As darf der Partner nicht aufdecken (B5)
biga-refused-not-the-big-ace = nach dem Aufnehmen darf nur das As zum Großen As aufgedeckt werden, von dem, der es hat (B5)
biga-refused-not-playing = Karten werden erst gespielt, wenn das Große As feststeht und die Karten aufgenommen sind (B6)
biga-refused-must-lead = wer ausspielt, muss eine Karte oder Kombination spielen (B8)
biga-refused-not-combination = { $play } ist keine Kombination (B7)
biga-refused-not-held = du hast { $play } nicht (B7)
biga-refused-cannot-beat = { $play } schlägt { $top } nicht: { $reason }
biga-refused-beat-shape = nur dieselbe Art und Länge oder eine Bombe schlägt es (B7)
biga-refused-beat-not-higher = es ist nicht höher (B7)
biga-refused-beat-triplet-limit = ein Drilling schlägt keinen Joker, kein einzelnes Großes As und keine Doppelfolge (B7)
biga-refused-beat-four-limit = ein Vierling schlägt kein einzelnes Großes As (B7)
biga-refused-beat-lower-bomb = es ist eine niedrigere Bombe (B7)
biga-refused-nothing-to-capture = Vierer fangen nur ein Ei aus 3 bis 6 gleichen Karten auf dem Stapel (B9)
biga-refused-capture-count = um { $top } zu fangen, braucht es genau { $need } Vierer, nicht { $given } (B9)
biga-refused-illegal = { $action } ist jetzt nicht erlaubt (B4-B10)
biga-config-players = Big A braucht genau 5 Spieler, nicht { $players } (B2)
biga-config-hands = eine Partie hat 1 bis 1000 Spiele, nicht { $hands } (B11)

## Die Knöpfe am Tisch

biga-action-pass = passen
biga-action-expose = { $cards } aufdecken
biga-action-capture = mit { $cards } fangen
