# Die Wörter von 3 bis 13, auf Deutsch (Meldung, Talon, Joker, wild).

rummy-word = { $word }
rummy-or = { $first } oder { $rest }
rummy-round-info = Runde { $round }: { $hand } Karten, wild: Asse, Joker und { $wild }er; neue Meldungen aus { $sizes } Karten

## Erzählung

rummy-round-started = { $info }; { $dealer } gibt
rummy-dealt = { $seat } erhält { $cards }
rummy-dealt-hidden = { $seat } erhält { $count } Karten
rummy-drew = { $seat } zieht { $card }
rummy-drew-hidden = { $seat } zieht eine Karte
rummy-melded = { $seat } legt Meldung { $number } aus: { $meld }
rummy-added = { $seat } legt { $card } an Meldung { $number } an
rummy-added-as = { $seat } legt { $card } als { $as } an Meldung { $number } an
rummy-done = { $seat } ist fertig
rummy-passed = { $seat } passt (Talon leer)
rummy-went-out = { $seat } geht hinaus; die anderen haben je einen letzten Zug
rummy-blocked = alle haben bei leerem Talon gepasst: die Runde endet
rummy-round-scored = Runde { $round } abgerechnet:{ $list }
rummy-match-entry = { $seat } { $total } ({ $tally }-mal hinaus);
rummy-match-over = Partie zu Ende: { $list } die niedrigste Summe gewinnt: { $winners }

## Der Bildschirm

rummy-heading = 3 bis 13, Runde { $round } von { $rounds } ({ $cards }, { $wild }er wild)
rummy-heading-part = 3 bis 13, Runde { $round }, Spiel { $deal } von { $deals } dieser Partie ({ $cards }, { $wild }er wild)
rummy-wild = wild: Asse, Joker und { $wild }er; neue Meldungen aus { $sizes } Karten
rummy-stock = Talon: { $cards } (kein Ablagestapel)
rummy-only-round = diese Partie spielt nur Runde { $round }
rummy-rounds = diese Partie spielt die Runden { $first } bis { $last }
rummy-no-melds = Meldungen: keine
rummy-meld = Meldung { $number } ({ $owner }): { $meld }
rummy-final-turn = { $seat } hat einen letzten Zug: nur Karten auslegen
rummy-putting-down = { $seat } legt Karten aus: weitere, oder fertig
rummy-draws-or-puts = { $seat } zieht oder legt Karten aus
rummy-match-over-line = die Partie ist zu Ende
rummy-last-points = Punkte der letzten Runde: { $points }
rummy-total = Stand { $points }
rummy-tally = { $tally }-mal hinaus
rummy-went-out-now = in dieser Runde hinausgegangen
rummy-dealer = Geber

## Ablehnungen (ActionError der Regeln)

rummy-refused-match-over = die Partie ist nach ihrer letzten Runde zu Ende (C8)
rummy-refused-draw-after-put-down = ein Zug ist entweder Ziehen oder Auslegen, nicht beides (C6)
rummy-refused-draw-in-final-turn = wenn einer ausgegangen ist, dürfen die anderen nur noch auslegen, nicht ziehen (C7)
rummy-refused-stock-empty = der Talon ist leer: lege aus, oder passe, wenn du nicht kannst (C6)
rummy-refused-pass-not-allowed = passen darf nur, wer bei leerem Talon nichts auslegen kann (C6)
rummy-refused-nothing-put-down = ein Zug muss ziehen oder wenigstens eine Karte auslegen, bevor er endet (C6)
rummy-refused-done-not-allowed = fertig beendet einen Zug, in dem ausgelegt wurde (C6)
rummy-refused-put-down-not-allowed = auslegen ist jetzt nicht erlaubt (C6)
rummy-refused-size-not-allowed = eine neue Meldung in Runde { $round } hat { $allowed } Karten, nicht { $size } (C5)
rummy-refused-sizes = { $sizes }
rummy-refused-not-in-hand = { $card } hast du nicht auf der Hand, oder nicht so oft: nur Karten von der Hand werden ausgelegt (C6)
rummy-refused-not-a-set = { $card } gehört nicht in einen Satz aus { $rank }ern: ein Satz ist ein Rang, wilde Karten ausgenommen (C4)
rummy-refused-run-across-suits = { $card } hat nicht die Farbe { $suit } der Folge: eine Folge ist eine Farbe, wilde Karten ausgenommen (C4)
rummy-refused-wrapped-run = eine Folge darf nicht von K über A zu 2 weiterlaufen (C4)
rummy-refused-out-of-place = { $card } muss an ihrem eigenen Platz in der Folge liegen (C4)
rummy-refused-no-such-meld = es liegt keine Meldung { $meld } auf dem Tisch, an die man anlegen könnte (C6)
rummy-refused-not-your-meld = Meldung { $meld } gehört { $owner }: niemand legt an die Meldungen eines anderen an (C6)
rummy-refused-does-not-extend = { $card } ergänzt Meldung { $meld } nicht zu einem gültigen Satz oder einer Folge (C4, C6)
rummy-refused-notation = schreibe das als `{ $expected }` (C4)
rummy-refused-equivalent-wild = gleichwertige wilde Karten werden in fester Reihenfolge ausgelegt: nimm hier { $expected }, nicht { $given } (C3)
rummy-config-players = 3 bis 13 spielen 2 bis 7 Spieler, nicht { $players } (C1)
rummy-config-jokers = das Blatt hat 0 bis 4 Joker, nicht { $jokers } (C1)
rummy-config-rounds = die Runden gehen von 1 bis 11: erste Runde { $first } und { $rounds } Runden passen nicht; ab Runde { $first } bleiben höchstens { $left } Runden (rounds mit setzen) (C2)
rummy-config-meld-size-rows = meld_sizes braucht 11 Zeilen, eine je Runde, nicht { $rows } (C5)
rummy-config-meld-sizes = die Meldungsgrößen von Runde { $round } müssen 1 bis 13 Größen zwischen 3 und { $hand } Karten sein, jede einmal (C5)
rummy-config-position = ungültige Stellung: { $reason }

## Die Knöpfe am Tisch

rummy-action-draw = ziehen
rummy-action-pass = passen
rummy-action-done = fertig
rummy-action-add = { $card } an Auslage { $meld } anlegen
rummy-action-add-low = { $card } an Auslage { $meld } anlegen, am unteren Ende
rummy-action-add-high = { $card } an Auslage { $meld } anlegen, am oberen Ende
