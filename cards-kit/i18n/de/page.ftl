# Die Worte der Seiten, die `cards serve` zeigt (die Lobby, der Tisch eines Platzes, die
# Zuschauer- und die Nachspielseite), auf Deutsch. Jeder Schlüssel von ../en/page.ftl steht
# auch hier (sonst schlägt ein Test fehl).

## Titel und Rahmen der Seiten

page-frame-lobby = cards: einen Tisch eröffnen
page-frame-table = cards: Tisch
page-frame-watch = cards: einem Tisch zuschauen
page-frame-review = cards: Nachspiel
page-frame-connecting = Verbinde…
page-frame-loading = Lade…
page-frame-narration = Was geschieht
page-frame-scores = Punkte
page-frame-hand = Deine Karten
page-frame-all-actions = Alle erlaubten Züge
page-frame-take-it = Ausführen
page-frame-typed = oder einen in der Schreibweise des Spiels eintippen
page-frame-send = Senden

## Die Sprachwahl

page-lang-label = Sprache
page-lang-en = English
page-lang-de = Deutsch

## Fehler, auf die die Seite trifft

page-error-status = der Server antwortete { $status }
page-error-unreachable = der Server ist nicht erreichbar: { $why }
page-error-unreachable-retry = der Server ist nicht erreichbar ({ $why }); neuer Versuch…
page-error-unreachable-short = der Server ist nicht erreichbar

## Tipps an einem Tisch, der sie erlaubt

page-hint-ask = Zug vorschlagen
page-hint-thinking = Der Experte überlegt…
page-hint-said = Der Experte schlägt vor: { $action }
page-hint-failed = Gerade kein Vorschlag.

## Die Plätze am Tisch

page-seat-you = { $seat } (du)
page-seat-person = Mensch
page-seat-bot = Bot
page-seat-bot-level = Bot, { $level } ({ $spec })
page-seat-bot-spec = Bot ({ $spec })
page-seat-to-move = am Zug
page-seat-region = { $name }: { $kind }
page-seat-hand = Blatt ({ $count })
page-seat-hand-empty = Blatt: leer

## Was auf dem Tisch liegt

page-felt-label = Der Tisch
page-felt-laid = { $seat } legte { $cards }
page-felt-said = { $seat }: { $word }
page-felt-middle = Tischmitte
page-felt-face-down = { $count } verdeckt
page-felt-took = genommen von { $seat }
page-felt-last = Letzter Stich
page-felt-last-show = Letzten Stich zeigen
page-felt-last-hide = Letzten Stich verbergen
page-felt-last-none = Noch ist kein Stich genommen.
page-felt-last-title = { $label }, genommen von { $seat }
page-felt-last-title-open = { $label }
page-felt-last-previous = der Stapel davor
page-felt-in-words = Der Tisch in Worten

## Die Worte, mit denen die Spiele benennen, was auf dem Tisch liegt

page-layout-trick = Stich { $number }
page-layout-meld = Meldung { $number }
page-layout-stock = Talon
page-layout-the-cego = der Cego
page-layout-the-legage = die Legage
page-layout-exposed = aufgedeckt
page-layout-set-aside = beiseitegelegt
page-layout-penalty-pile = Strafstapel
page-layout-in-the-middle = in der Tischmitte
page-layout-out-of-play = aus dem Spiel
page-layout-pass = passe
page-layout-exposed-why = aufgedeckt ({ $why })
page-layout-why-declares = sagt an
page-layout-why-overcall-alone = überboten, allein
page-layout-why-the-second-copy-alone = das zweite As, allein
page-layout-why-forced-heart-ace-declares = Herz-As erzwungen, sagt an
page-layout-why-reveals-as-partner = gibt sich als Partner zu erkennen

## Kartennamen, wie ein Bildschirmleser sie vorliest

page-card-of = { $suit }-{ $rank }
page-card-big_ace = { $name }, ein Großes As
page-card-stands = { $name } als { $stands }
page-card-trump = Trock { $rank }
page-card-skus = Sküs
page-card-mond = Trock 21, der Mond
page-card-geiss = Trock 1, die Geiß
page-card-joker = Joker
page-card-red-joker = roter Joker
page-card-black-joker = schwarzer Joker
page-card-number = Zahlkarte { $rank }
page-card-rank-only = { $rank }, beliebige Farbe
page-card-wild = wild
page-card-hidden = eine verdeckte Karte
page-card-big = das Grosse A
page-card-little = das kleine a
page-card-noted = { $name }, { $note }
page-card-note-big-ace = Großes As
page-rank-A = Ass
page-rank-K = König
page-rank-Q = Dame
page-rank-J = Bube
page-rank-R = Reiter
page-suit-c = Kreuz
page-suit-d = Karo
page-suit-h = Herz
page-suit-s = Pik

## Wer am Zug ist

page-turn-match-over = Die Partie ist zu Ende.
page-turn-deal-over = Das Spiel ist zu Ende.
page-turn-yours = Du bist am Zug.
page-turn-bot = { $seat } (Bot) überlegt…
page-turn-forced = Dein Zug wird für dich gemacht…
page-turn-waiting = Warte auf { $seat }…
page-alert-title = ▶ Du bist am Zug: { $title }
page-alert-sound-on = Ton, wenn du am Zug bist: an
page-alert-sound-off = Ton, wenn du am Zug bist: aus
page-alert-sound-explain = Ein kurzer Ton, wenn du am Zug bist (dieser Browser merkt es sich)

## Hilfe zu den Worten des Spiels

page-help-button = Was bedeuten die Worte?
page-help-title = Die Worte des Spiels
page-help-close = Schließen
page-help-none = Die Regeln sagen nichts weiter über { $word }.
page-help-of = { $word }: { $text }
page-help-from = Aus den Regeln (cards rules { $game }):

## Punkte

page-scores-deal = Spiel { $number }
page-scores-total = Summe
page-scores-this-deal = dieses Spiel
page-score-penalties = { $count ->
    [one] { $count } Strafpunkt
   *[other] { $count } Strafpunkte
}
page-score-points = { $count ->
    [one] { $score } Punkt
   *[other] { $score } Punkte
}
page-score-better-penalties = Strafpunkte, weniger ist besser
page-score-better-points = Punkte, mehr ist besser
page-score-title = { $better }: { $explain }
page-score-units = Gezählt in { $better }: { $explain }.
page-score-units-bare = Gezählt in { $better }.
page-scores-explain-big-a = die Punkte jedes Spiels kommen aus den Punktetafeln (die Partei des Ansagers gegen die übrigen); die höchste Summe gewinnt
page-scores-explain-cego = in jedem Spiel zahlen Solist und Gegenspieler einander; die höchste Summe gewinnt
page-scores-explain-contract-rummy = Karten auf der Hand zählen Strafpunkte (2-10 nach Augen, B D K 10, Ass und Joker 25); die niedrigste Summe gewinnt
page-scores-explain-einer-ist-immer = jedes Spiel zählt von +1 für den Boss bis -1 für den Arsch; die höchste Summe gewinnt
page-scores-explain-grosse-kleine-a = Karten auf der Hand und die Stapel des kleinen a zählen Strafpunkte; die niedrigste Summe gewinnt

## Das Blatt und die Wahl

page-hand-title = { $count ->
    [one] Deine Karten ({ $count } Karte)
   *[other] Deine Karten ({ $count } Karten)
}
page-hand-empty = Keine Karten auf der Hand.
page-sort-game = Sortieren: wie das Spiel
page-sort-suit = Sortieren: nach Farbe
page-sort-rank = Sortieren: nach Rang
page-sort-explain = Das Blatt anders auslegen (die Karten bleiben deine; nur ihre Reihenfolge ändert sich)
page-wild-mark = wild
page-wild-hint = Wilde Karten sind mit ★ markiert
page-select-click = Klicke Karten an, um sie zu wählen, dann spiele.
page-select-tap = Tippe Karten an, um sie zu wählen, dann spiele.
page-select-discards = { $count } Karten zum Ablegen gewählt.
page-select-discard-these = Diese { $count } Karten ablegen
page-select-several = Diese Karten ergeben mehrere Züge: wähle einen.
page-select-play = { $action } spielen
page-select-more = Wähle weitere Karten für einen erlaubten Zug.
page-select-none = Kein erlaubter Zug nutzt genau diese Karten.
page-select-clear = Auswahl aufheben
page-select-discards-stopped = { $taken } von { $count } Karten abgelegt; { $action } darf jetzt nicht abgelegt werden.
page-keys-hint = Tasten: mit Tab zu einer Karte, Leertaste oder Enter wählt sie; Enter auf einem Knopf spielt.

## Zurücknehmen

page-takeback-button = Meinen letzten Zug zurücknehmen
page-takeback-explain = An einem Übungstisch darfst du deinen letzten Zug zurücknehmen, solange seither kein anderer Mensch gezogen hat
page-takeback-confirm = Deinen letzten Zug ({ $action }) zurücknehmen?

## Kopf des Tisches und wie gegeben wurde

page-table-whoami = Du bist { $seat } · { $dealing }
page-table-cannot-open = Dieser Platz lässt sich nicht öffnen
page-table-review-link = Die Partie nachspielen: alle Blätter offen, das Protokoll zum Herunterladen
page-table-no-token = dieser Link trägt keinen Schlüssel des Platzes: öffne den Link, den dir der Eröffner des Tisches geschickt hat
page-dealing-opened = Startwert { $seed }, Salz { $salt }: sie öffnen die Festlegung { $commitment } (cards replay prüft es)
page-dealing-practice-seed = Übungstisch, Startwert { $seed }
page-dealing-fair = faires Geben: Festlegung { $commitment } (der Startwert wird am Ende gezeigt)
page-dealing-practice = Übungstisch: der Eröffner hat den Startwert gewählt und kennt jedes Blatt
page-dealing-commitment-title = SHA-256-Festlegung auf den geheimen Startwert: { $commitment }

## Das Ende eines Spiels

page-ended-caption = Der Tisch, wie das Spiel endete, die letzte Karte dort, wo sie gespielt wurde:
page-ended-match = Die Partie ist zu Ende
page-ended-deal = Spiel { $number } ist zu Ende
page-ended-hand = deine Karten: { $cards }
page-ended-last-move = Der letzte Zug des Spiels:
page-ended-new-table = Einen neuen Tisch eröffnen
page-ended-waits-for = { $count ->
    [one] Das nächste Spiel beginnt, wenn auch { $seats } darum bittet.
   *[other] Das nächste Spiel beginnt, wenn auch { $seats } darum bitten.
}
page-ended-next = Nächstes Spiel
page-ended-look = Den Tisch ansehen
page-log-download = Protokoll herunterladen
page-log-replays = Das Protokoll spielt `cards replay DATEI` nach.

## Die Knöpfe der Plätze

page-host-to-person = { $seat } einem Menschen geben
page-host-to-bot = { $seat } einem Bot geben
page-host-to-person-explain = Der Bot verlässt diesen Platz: du bekommst einen neuen Link für einen Menschen
page-host-to-bot-explain = Ab jetzt spielt ein Bot diesen Platz
page-host-new-link = Der neue Link für { $seat }: schicke ihn dem Menschen, der den Platz übernimmt
page-name-button = Deinen Platz benennen
page-name-explain = Der Name, den jeder Platz und die Zuschauerseite für dich zeigen
page-name-prompt = Dein Name an diesem Tisch (Buchstaben, Ziffern, Leerzeichen, - _ . ' &; höchstens 24)
page-agree-button = Der Gastgeber darf mich umsetzen
page-agree-explain = Der Gastgeber darf deinen Platz in den nächsten 10 Minuten einem Bot oder jemand anderem geben
page-agree-confirm = Soll der Gastgeber deinen Platz (und deine Karten) einem Bot oder jemand anderem geben dürfen?
page-agree-done = Der Gastgeber darf dich umsetzen
page-close-button = Tisch schließen
page-close-explain = Den Tisch für alle Plätze beenden: seine Bots hören auf und sein Platz auf dem Server wird frei
page-close-confirm = Den Tisch für alle Plätze schließen? Die Partie lässt sich nicht fortsetzen.
page-close-done = Du hast den Tisch geschlossen. Seine Links öffnen ihn nicht mehr.
page-close-heading = Der Tisch ist geschlossen

## Die Zuschauerseite

page-watch-whoami = Zuschauer: nur was alle sehen
page-watch-heading = { $heading } (als Zuschauer)
page-watch-title = cards: Zuschauer bei { $title }
page-watch-bot = Bot { $spec }
page-watch-who = { $seat } ({ $kind })
page-watch-to-move = { $who } ist am Zug
page-watch-deal-over = Das Spiel ist zu Ende; das nächste beginnt, wenn seine Menschen darum bitten.
page-watch-practice = Übungstisch: der Eröffner hat den Startwert gewählt und kennt jedes Blatt.
page-watch-practice-seed = Übungstisch: der Eröffner hat den Startwert ({ $seed }) gewählt und kennt jedes Blatt.
page-watch-fair-opened = Faires Geben: Startwert { $seed } und Salz { $salt } öffnen die Festlegung { $commitment } (das Nachspiel prüft es).
page-watch-fair = Faires Geben: Festlegung { $commitment } auf einen geheimen Startwert, der am Ende gezeigt wird.
page-watch-over = Die Partie ist zu Ende:
page-watch-review = nachspielen, alle Blätter offen

## Das Nachspiel

page-review-heading = { $title }: Nachspiel
page-review-title = cards: Nachspiel von { $title }
page-review-where = Schritt { $step } von { $steps }
page-review-before = Vor dem ersten Zug
page-review-action = { $seat }: { $action }
page-review-steps = Schritte
page-review-first = Erster Schritt
page-review-last = Letzter Schritt
page-review-back = Zurück
page-review-forward = Vor
page-review-table = Der Tisch, alle Blätter offen
page-review-lines = Was der Zug bewirkte
page-review-practice = Übungstisch: der Eröffner hat den Startwert { $seed } gewählt und kannte jedes Blatt.
page-review-fair = Faires Geben: der Startwert war bis zum Ende geheim; die Festlegung wurde vom ersten Spiel an gezeigt.
page-review-seed = Startwert { $seed }
page-review-salt = Salz { $salt }
page-review-commitment = Festlegung { $commitment }
page-review-opens = ✓ Geprüft: der SHA-256 von cards-deal:{ "{" }seed{ "}" }:{ "{" }salt{ "}" } ist die Festlegung; es sind also die versprochenen Karten.
page-review-opens-not = ✗ Startwert und Salz öffnen die Festlegung nicht: es sind nicht die versprochenen Karten.
page-review-by-hand = Von Hand: { $command }
page-analysis-head = Analyse
page-analysis-about = Jede Entscheidung eines Platzes, gewogen nach dem, was dieser Platz wusste: der gespielte Zug gegen den des Experten, in Punkten des Spiels.
page-analysis-seat = Platz
page-analysis-button = Analysieren
page-analysis-list = Die gewogenen Entscheidungen
page-analysis-done = { $count } Entscheidungen gewogen (je { $worlds } Welten), { $marked } markiert
page-analysis-running = wäge… { $count } Entscheidungen bisher
page-analysis-taken = Zug { $number }: { $taken } { $value }
page-analysis-expert = (der Experte: { $expert } { $value })
page-analysis-best = (am besten beim Durchspielen { $best } { $value })
page-analysis-step = Zur Stellung vor Zug { $number }
page-analysis-mark-inaccuracy = Ungenauigkeit
page-analysis-mark-mistake = Fehler
page-analysis-mark-blunder = grober Fehler

## Die Lobby

page-lobby-heading = Einen Tisch eröffnen
page-lobby-game = Spiel
page-lobby-players = Spieler
page-lobby-seats = Plätze
page-lobby-seats-hint = Ein Mensch spielt über einen geheimen Link: behalte einen für dich, schicke die anderen an Freunde.
page-lobby-caps = Bots, die dieser Server setzt
page-lobby-caps-hint = Ein Bot wird als art:schlüssel=wert,… angegeben; ein Suchbot ohne ms denkt { $ms } ms je Zug. Innerhalb dieser Grenzen:
page-lobby-caps-none = keine Optionen
page-lobby-rules = Regeln
page-lobby-table = Tisch
page-lobby-seed = Startwert
page-lobby-seed-placeholder = geheim (vom Server gezogen)
page-lobby-seed-explain = Leer lassen für faires Geben: der Server zieht einen geheimen Startwert und zeigt eine Festlegung darauf. Ein hier eingetippter Startwert macht einen Übungstisch, dessen Eröffner jedes Blatt kennt.
page-lobby-single-deal = Ein einzelnes Spiel statt einer ganzen Partie
page-lobby-hints = Tipps erlaubt (ein Übungstisch: jeder darf den Experten um einen Zug bitten)
page-lobby-hints-explain = Jeder Platz erfährt es von Anfang an; jeder Spieler darf den Experten-Bot bei seinem eigenen Zug um einen Vorschlag bitten.
page-lobby-listed = In der Lobby
page-lobby-listed-explain = Ein gelisteter Tisch steht in der Lobby: jeder darf zuschauen (kein Blatt wird gezeigt) und ihn nach dem Ende nachspielen. Einem ungelisteten Tisch schaut nur zu, wer seine Adresse bekommt.
page-lobby-listed-auto = gelistet, wenn nur Bots spielen
page-lobby-listed-yes = gelistet: jeder darf zuschauen
page-lobby-listed-no = nicht gelistet
page-lobby-pace = Tempo der Bots
page-lobby-pace-slow = langsam
page-lobby-pace-normal = normal
page-lobby-pace-fast = schnell
page-lobby-pace-very-fast = sehr schnell
page-lobby-create = Tisch eröffnen
page-lobby-open = Dein Tisch ist eröffnet
page-lobby-open-hint = Jeder Link ist ein Platz. Wer einen Link hat, spielt diesen Platz: gib jeden nur seinem Spieler.
page-lobby-yours = Deine Tische
page-lobby-yours-hint = Die Tische, die dieser Browser eröffnet hat oder an denen er sitzt (nur in diesem Browser gespeichert), mit ihren Links. Schließe die, die du nicht mehr spielst: ein Tisch zählt gegen deine Grenze, bis er geschlossen, beendet oder untätig ist.
page-lobby-playing = Laufende Tische
page-lobby-finished = Beendete Partien
page-lobby-none = keine
page-lobby-level = { $level }: { $what }
page-level-easy = Leicht
page-level-medium = Mittel
page-level-hard = Schwer
page-level-expert = Experte
page-level-name-easy = leicht
page-level-name-medium = mittel
page-level-name-hard = schwer
page-level-name-expert = Experte
page-level-what-easy = spielt zufällig
page-level-what-medium = Faustregeln, spielt sofort
page-level-what-hard = rechnet 200 Partien je Zug durch
page-level-what-hard-own = der eigene Planer des Spiels, spielt sofort
page-level-what-expert = der stärkste Bot des Spiels, bis zu einer Zehntelsekunde je Zug
page-game-about-big-a = Kletterspiel für fünf mit zwei Paketen, Bomben, Vierer-Fängen und einem verborgenen Partner
page-game-about-cego = das Tarockspiel aus Baden: eine Reizung über elf Spiele, der Cego, tote Leere
page-game-about-contract-rummy = Rommé mit steigenden Vorgaben: elf Runden von 3 bis 13 Karten, wechselnde Joker, die niedrigste Summe gewinnt
page-game-about-einer-ist-immer = Kletterspiel für 4 bis 10: wer zuerst alle Karten los ist, wird Boss; Ränge, neue Sitzordnung und Kartentausch
page-game-about-grosse-kleine-a = Wolfgang Kramers Kletterspiel: werde deine Karten los und meide das Grosse A und das kleine a
page-lobby-person-you = Mensch (du)
page-lobby-person-friend = Mensch (ein Freund)
page-lobby-other-bot = anderer Bot…
page-lobby-other-bot-placeholder = art:schlüssel=wert,…  z. B. ismcts:ms=2000
page-lobby-other-bot-label = Bot von { $seat }
page-lobby-other-bot-any = jeder Bot innerhalb der Grenzen unten
page-lobby-round = Runde { $round }
page-lobby-round-label = { $label }, Runde { $round }
page-lobby-round-bad = Runde { $round }: ganze Zahlen mit Kommas getrennt, z. B. 3, 4
page-lobby-whole = eine ganze Zahl
page-lobby-whole-range = eine ganze Zahl von { $min } bis { $max }
page-lobby-whole-min = eine ganze Zahl ab { $min }
page-lobby-lowered = { $other } auf { $cap } gesenkt: { $label } + { $other } ist höchstens { $n }.
page-lobby-at-most = Höchstens { $cap } bei { $label } { $value }.
page-lobby-takes = Erwartet { $what }.
page-lobby-options-bad = Einige Regeln brauchen einen anderen Wert: siehe daneben.
page-lobby-link-bot = { $seat }: Bot { $spec }
page-lobby-link-take = Deinen Platz einnehmen
page-lobby-link-open = Diesen Platz öffnen
page-lobby-link-copy = Link kopieren
page-lobby-link-copied = Kopiert
page-lobby-link-copy-prompt = Diesen Link kopieren:
page-lobby-loopback = Diese Links nennen die Loopback-Adresse dieses Rechners, die nur dieser Rechner öffnen kann. Für Freunde an anderen Rechnern starte `cards serve --bind 0.0.0.0:8080` und öffne diese Seite unter deiner Netzwerkadresse.
page-lobby-fair = Faires Geben: der Server hat einen geheimen Startwert gezogen. Jede Seite zeigt seine Festlegung { $commitment }; das Protokoll verrät den Startwert am Ende der Partie, und `cards replay` prüft ihn gegen die Festlegung.
page-lobby-practice = Übungstisch: du hast den Startwert gewählt und kennst also jedes Blatt; jede Seite dieses Tisches sagt es.
page-lobby-mine = { $title }, { $seat }
page-lobby-mine-host = { $title }, { $seat } (von dir eröffnet)
page-lobby-mine-forget = Vergessen
page-lobby-mine-forget-explain = Von dieser Liste nehmen (der Tisch selbst bleibt, wie er ist)
page-lobby-mine-review = nachspielen
page-lobby-mine-finished = beendet:
page-lobby-mine-closed = geschlossen (sein Link öffnet ihn nicht mehr)
page-lobby-mine-over = die Partie ist zu Ende:
page-lobby-mine-playing = läuft
page-lobby-mine-close = Schließen
page-lobby-mine-close-failed = der Tisch ließ sich nicht schließen
page-lobby-watch = { $game } zuschauen: { $who }
page-lobby-review = { $game } nachspielen, beendet { $ended }: { $scores }

# The takeback's control, the table's rules on the felt, the felt's groups by keyboard and the review's keys.
page-takeback-label = Meinen letzten Zug ({ $action }) und die Züge der Bots danach zurücknehmen
page-takeback-failed = die Zurücknahme wurde abgelehnt (der Server antwortete { $status })
page-takeback-unreachable = der Server ist nicht erreichbar: { $reason }
page-options-head = Die Regeln dieses Tisches:
page-options-none = An diesem Tisch gelten die Regeln des Regelbuchs (keine Option geändert).
page-options-word = { $label }: { $value }
page-options-said = { $label }: { $explain }
page-options-unexplained = die Regeln sagen nichts weiter dazu
page-felt-group = { $seat }, { $group }
page-review-keys = Tasten: Pfeil links und rechts gehen einen Schritt zurück und vor, Pos1 und Ende zum ersten und letzten Schritt.
page-review-first-keys = Erster Schritt (Pos1)
page-review-back-keys = Einen Schritt zurück (Pfeil links)
page-review-forward-keys = Einen Schritt vor (Pfeil rechts)
page-review-last-keys = Letzter Schritt (Ende)
