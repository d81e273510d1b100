# Die Wörter von `cards play`, `cards rules` und dem Bildschirm aller Spiele, auf Deutsch.
# Jeder Schlüssel steht auch in ../en/cli.ftl (sonst schlägt ein Test fehl).

## Die Spiele unter den Namen ihrer Regelhefte

game-title-grosse-kleine-a = Das Grosse und das kleine A
game-title-big-a = Big A (打大A)
game-title-einer-ist-immer = Einer ist immer der ...
game-title-contract-rummy = 3 bis 13
game-title-cego = Cego

## Anzahlen

count-cards = { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}
count-tricks = { $count ->
    [one] { $count } Stich
   *[other] { $count } Stiche
}
count-points = { $count ->
    [one] { $count } Punkt
   *[other] { $count } Punkte
}

## Der Bildschirm (cards_core::text::Screen)

screen-heading = { $heading } | du bist { $seat }
screen-table-empty = Tisch: -
screen-table = Tisch:
screen-seats = Plätze:
screen-seat = { $seat }
screen-you = { $seat } (du)
screen-to-move = <- am Zug
screen-hand-empty = Deine Hand: leer
screen-hand = Deine Hand ({ $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}): { $cards }

## cards play

play-intro-resumed = { $title } — du bist { $seat } von { $players }; das gespeicherte Spiel geht weiter
play-intro-seed = { $title } — du bist { $seat } von { $players }; Startwert { $seed } (gewählt: derselbe Startwert gibt dieselben Karten)
play-intro-fresh = { $title } — du bist { $seat } von { $players }; frisch gemischt (der Startwert wird am Ende gezeigt)
play-seed-passed = Startwert { $passed } gibt ein Spiel, das die Bots beenden, bevor du etwas zu entscheiden hast: gespielt wird Startwert { $seed }.
play-seats = Plätze: { $seating }
play-seat-you = { $seat } du
play-seat-bot = { $seat } { $bot }
play-help = Gib einen Zug in der Schreibweise des Spiels ein (Zahlen bedeuten Karten, wo Karten Zahlen sind: `4` spielt eine 4), oder `#N` für Eintrag N der Liste; eine bloße Zahl, die in diesem Spiel keine Schreibweise ist, bedeutet ebenfalls Eintrag N. Befehle: `hilfe` (oder `help`) zeigt dies und die Liste noch einmal, `alle` (`all`) jeden Eintrag einer langen Liste, `suche TEXT` (`find`) die Einträge, die TEXT enthalten, `ende` (`quit`) beendet.
play-resumed = Fortgesetzt: die { $count } Züge des gespeicherten Protokolls sind nachgespielt; die Partie geht weiter.
play-forced = { $seat } (du): dein einzig möglicher Zug, { $action }, wird ausgeführt.
play-prompt = { $seat }>
play-input-ended = Die Eingabe endete vor der Partie; das Spiel wird abgebrochen.
play-line-refused = { $why }; gib `hilfe` ein, um zu sehen, was du eingeben kannst.
play-line-too-long = die Zeile ist länger als { $max } Bytes und wurde nicht gelesen
play-line-not-utf8 = die Zeile ist kein gültiges UTF-8 und wurde nicht gelesen
play-find-what = suche braucht einen Text, z. B. `suche 7h`: es listet die erlaubten Züge, die ihn enthalten
play-left = Du hast den Tisch verlassen; das Spiel wird abgebrochen.
play-legal-head = Deine erlaubten Züge:
play-list-entry = { $number }. { $action }
play-list-more = ... und { $count } weitere: `alle` listet jeden, `suche TEXT` die, die TEXT enthalten.
play-list-none = kein erlaubter Zug enthält { $text }.
play-cannot-read-long = die { $length } Zeichen ab { $start } sind kein Zug in der Schreibweise dieses Spiels (`hilfe` zeigt die Liste)
play-cannot-read = { $notation } ist nicht lesbar: { $reason } (`hilfe` zeigt die Liste)
play-not-allowed = nicht erlaubt: { $reason }
play-not-entry-number = #{ $text } ist keine Eintragsnummer: schreibe #1 bis #{ $count }
play-no-entry = es gibt keinen Eintrag #{ $number }: wähle #1 bis #{ $count }
play-over = Die Partie ist zu Ende.
play-scores-final = Endstand
play-scores-so-far = Stand bisher, die Partie ist nicht beendet
play-scores-penalties = { $title }, in Strafpunkten (weniger ist besser):
play-scores-points = { $title }, in Punkten (mehr ist besser):
play-score-line = { $seat }: { $score }
play-seed-again = Startwert { $seed }: `--seed { $seed }` gibt diese Karten noch einmal.
play-saved = Gespeichert in { $path }.
play-saved-unfinished = Gespeichert in { $path }, als unbeendet markiert.
play-run = { $head }: { $told }.
play-run-bare = { $head }.
play-run-head-play = { $moves } Züge auf einmal
play-run-head-phase = das { $phase }, { $moves } Züge auf einmal
play-run-head-forced = { $head } ({ $forced })
play-run-forced = { $count ->
    [one] dein einzig möglicher Zug wurde einmal für dich ausgeführt
   *[other] dein einzig möglicher Zug wurde { $count }-mal für dich ausgeführt
}
phase-draw = Ziehen

## cards rules

rules-options-head = Spielvarianten (`--option SCHLÜSSEL=WERT` bei play, simulate und tournament; jede mit ihrem Standardwert, ihrem Namen und was sie annimmt, dann was sie ändert):
rules-bots-head = Bots (`--bots art[:schlüssel=wert,...]` bei play, simulate und tournament; jede Art mit ihren Schlüsseln, was jeder annimmt und was er einstellt):

## Refusals

untold = { $text }

## Fehler des Befehls (CliError)

cli-error = Fehler: { $message }
cli-error-caused-by = Ursache: { $reason }
cli-error-unknown-game = unbekanntes Spiel { $name } (bekannte Spiele: { $known })
cli-error-config = ungültige Einstellung für { $game }: { $reason }
cli-error-too-many-bots = { $given } Bots für { $seats } Plätze: höchstens ein Bot je Platz
cli-error-bad-seat = Platz { $seat } gibt es an einem Tisch für { $players } nicht
cli-error-unknown-example = { $game } hat kein Beispiel { $name } (Beispiele: { $known })
cli-error-io = { $path }: { $reason }
cli-error-output = Ausgabe fehlgeschlagen: { $reason }
cli-error-bad-log = ungültiges Protokoll: { $reason }
cli-error-engine = Fehler der Regeln: { $reason }

## Warum ein getippter Zug in der Schreibweise eines Spiels kein Zug ist: was die Schreibweise
## erwartet, oder die Regel, die ein Grund nennt. Die Züge selbst schreibt man wie auf
## Englisch (pass, hold, solo …).

notation-grosse-kleine-a = kein Ausspiel (erwartet: 1 bis 13, J, a, A oder pass, z. B. `5 5`, `7 J`)
notation-grosse-kleine-a-one-rank = alle Zahlenkarten eines Ausspiels müssen denselben Rang haben (A4)
notation-grosse-kleine-a-a-alone = eine A-Karte darf nur allein gespielt werden, als einzelne Karte (A6)
notation-grosse-kleine-a-too-many = zu viele Karten: das Spiel hat acht von jeder Zahl und vier Joker (A1)
notation-big-a = erwartet wird pass, expose Ah, capture mit Vieren, oder Karten (4-10, J, Q, K, A, 2, 3, BA, RJ, BJ)
notation-big-a-capture = ein Fang wird mit Vieren gespielt (B9)
notation-big-a-capture-two = ein Fang wird mit zwei oder mehr Vieren gespielt (B9)
notation-big-a-too-many = zu viele Karten für eine Kombination
notation-einer-ist-immer = ungültiger Zug (erwartet: pass, oder ein Ausspiel wie 1x7, 3xK, 2x9+1jk, 2jk)
notation-contract-rummy = ungültiger Zug: erwartet wird draw, pass, done, eine Auslage wie `7h 8h Jk=9h` (Karten wie 7h, 10s, Qd, As, Jk), oder `add N KARTE [low|high]`
notation-cego = erwartet wird pass, hold, ein Spiel (solo, cego, one-blank, …), expose KARTE, discard KARTE, eine Karte (Kc, T21, Gs) oder ein Paar (8s+7s)
# Die Fehler eines Bot-Programms (`exec:`-Bots), in der Erzählung; das Protokoll behält das Englische.
exec-fault = Bot { $bot } ({ $seat }): { $why }; stattdessen eine zufällige Aktion (Fehler { $count } von { $max })
exec-stopped = Bot { $bot } ({ $seat }): nach { $max } Fehlern angehalten; sein Platz spielt zufällig
exec-why-no-answer = keine Antwort binnen { $ms } ms
exec-why-exited = es hat sich beendet
exec-why-garbage = { $text } ist keine Antwort
exec-why-illegal = { $text } ist keine erlaubte Aktion
exec-why-cannot-write = es kann nicht beschrieben werden ({ $reason })
exec-why-input-closed = seine Eingabe ist geschlossen
exec-why-not-running = es läuft nicht
exec-why-encode = { $reason }
exec-why-not-asked = es wurde keine Entscheidung erfragt
