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
