# Die Wörter von Einer ist immer der ..., auf Deutsch (nach der deutschen Spielregel: Boss,
# Arsch, Rang-Karte, Stich). Die Ranktitel sind die Variante `titles` des Spiels (english oder
# german), nicht Sache des Katalogs.

einer-lead-dealers-left = links vom Geber, E2
einer-lead-boss = der Boss spielt aus, E8
einer-lead-next-clockwise = der nächste im Uhrzeigersinn, der noch Karten hat, E6
einer-lead-direct-superior = der direkte Vorgesetzte des Gewinners, E6
einer-lead-direct-subordinate = der direkte Untergebene des Gewinners, E6
einer-lead-highest-ranking = der ranghöchste Spieler, der noch Karten hat, E6

## Erzählung

einer-hand-started = Spiel { $hand }: { $dealer } gibt; Plätze im Uhrzeigersinn: { $chairs }
einer-jokers-set-aside = { $count } Joker werden für Spiel 1 beiseitegelegt (E2)
einer-dealt = { $seat } erhält { $count } { $count ->
    [one] Karte
   *[other] Karten
}
einer-dealt-cards = { $seat } erhält { $count } { $count ->
    [one] Karte
   *[other] Karten
}: { $cards }
einer-exchanged = { $from } gibt { $to } { $count } { $count ->
    [one] Karte
   *[other] Karten
}
einer-exchanged-cards = { $from } gibt { $to } { $count } { $count ->
    [one] Karte
   *[other] Karten
}: { $cards }
einer-leads = { $seat } spielt aus ({ $reason })
einer-led = { $seat } spielt { $play } aus
einer-played = { $seat } spielt { $play }
einer-passed = { $seat } passt
einer-trick-won = { $seat } gewinnt den Stich mit { $play }
einer-went-out = { $seat } ist draußen, Platz { $place }: { $title }
einer-hand-ended = Spiel { $hand } ist zu Ende: { $ranking }
einer-match-ended = die Partie ist nach { $hands } { $hands ->
    [one] Spiel
   *[other] Spielen
} zu Ende

## Der Bildschirm

einer-heading = Einer ist immer der ..., Spiel { $hand } von { $hands }
einer-seating = Plätze im Uhrzeigersinn: { $chairs }
einer-trick-lead = Stich: { $seat } spielt aus
einer-trick = Stich: { $turns }
einer-trick-top = Stich: { $turns }; am höchsten { $play } von { $seat }
einer-match-over = die Partie ist zu Ende
einer-jokers-aside = in diesem Spiel beiseitegelegte Joker: { $count }
einer-played-hand = in diesem Spiel gespielt: { $cards }
einer-out = draußen, Platz { $place }: { $title }
einer-last-title = { $title } im letzten Spiel
einer-dealer = Geber
einer-total = Stand { $total }
einer-record = { $boss } { $bosses }-mal, { $ass } { $asses }-mal, mittlerer Platz { $mean }
einer-your-exchange = Dein Tausch: du hast { $partner } { $gave } gegeben und { $received } erhalten

## Ablehnungen (ActionError der Regeln)

einer-refused-match-over = die Partie ist nach ihrem letzten Spiel zu Ende (E9)
einer-refused-must-lead = wer ausspielt, muss spielen; passen dürfen nur die anderen (E3)
einer-refused-wrong-count = der Stich wurde mit { $led } Karten eröffnet, also müssen genau { $led } gespielt werden, nicht { $played } (E3)
einer-refused-not-higher = { $play } schlägt { $top } nicht: der Rang muss echt höher sein (E3)
einer-refused-jokers-in-first-hand = im ersten Spiel bleiben die Joker draußen (E2)
einer-refused-not-held = { $seat } hat { $play } nicht (E3)
einer-config-players = Einer ist immer der ... spielen 4 bis 10 Spieler, nicht { $players } (E1)
einer-config-hands = eine Partie hat 1 bis 1000 Spiele, nicht { $hands } (E9)

## Die Knöpfe am Tisch

einer-action-pass = passen
