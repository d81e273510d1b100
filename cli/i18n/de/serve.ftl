# Die Zeilen und Fehler, die `cards serve` selbst bildet (nicht ein Spiel): Zeilen des
# Tischs (eine zusammengefasste Folge, ein erzwungener Zug, ein fortgesetztes Spiel, eine
# Rücknahme, was der Gastgeber ändert) und die Fehlerantworten seiner API. Jeder Schlüssel
# von ../en/serve.ftl steht auch hier.

## Zeilen, die der Tisch selbst erzählt

serve-line-saved-game = Der Tisch setzt ein gespeichertes Spiel fort: seine { $count } Züge sind ausgeführt.
serve-line-new-link = Der Gastgeber gibt { $seat } einen neuen Link: der alte Link öffnet den Platz nicht mehr.
serve-line-to-person = Der Gastgeber gibt { $seat } wieder einer Person.
serve-line-to-bot = Der Gastgeber setzt einen Bot ({ $spec }) auf { $seat }.
serve-line-named = { $seat } heißt jetzt { $name }.
serve-line-takeback = { $seat } nimmt { $action } zurück.
serve-line-takeback-one = { $seat } nimmt { $action } und den Zug danach zurück: der Tisch ist wie zuvor.
serve-line-takeback-more = { $seat } nimmt { $action } und die { $count } Züge danach zurück: der Tisch ist wie zuvor.

## Fehlerantworten der API

serve-error-moved-on = der Tisch ist weitergegangen, seit deine Seite ihn zeigte (Stand { $version }, jetzt { $now }): sieh noch einmal hin und wähle neu
serve-error-deal-over = das Spiel ist aus: beginne erst das nächste
serve-error-match-over = die Partie ist zu Ende
serve-error-not-your-turn = du bist nicht am Zug: { $seat } ist am Zug
serve-error-bot-seat = ein Bot spielt diesen Platz
serve-error-deal-over-hint = das Spiel ist aus: ein Vorschlag gilt einer Entscheidung des nächsten Spiels
serve-error-not-your-turn-hint = du bist nicht am Zug: { $seat } ist am Zug, und ein Vorschlag gilt deiner eigenen Entscheidung
serve-error-no-deal-ended = gerade ist kein Spiel zu Ende gegangen: es gibt nichts zu beginnen
serve-error-asked-already = du hast das nächste Spiel schon verlangt; es beginnt, wenn { $seats } es { $count ->
    [one] auch verlangt
   *[other] auch verlangen
  }
serve-error-log-not-yet = das Protokoll gibt es erst, wenn die Partie zu Ende ist: es zeigt jedes Blatt
serve-error-no-seat = dieser Tisch hat keinen Platz { $seat }
serve-error-seated-so = { $seat } ist schon so besetzt
serve-error-no-step = Schritt { $step }: die Partie hat { $steps } Züge
serve-error-seat-count = { $given } Plätze angegeben für { $players } Spieler: nenne einen je Platz
serve-error-run-stopped = eine Folge von { $moves } Zügen brach vorzeitig ab
serve-error-takeback-fair = Zurücknehmen gibt es nur an Übungstischen: an einem fairen Tisch (ein geheimer Startwert) gilt jeder Zug
serve-error-takeback-over = die Partie ist zu Ende: ihre Züge gelten
serve-error-takeback-thinking = ein Bot entscheidet gerade seinen Zug: nimm zurück, sobald er gezogen hat
serve-error-takeback-nothing = nichts zurückzunehmen: kein Zug von dir, seit dieses Spiel begann, seit dem Zug einer anderen Person oder seit der letzten Rücknahme
serve-error-takeback-other = { $seat } hat seit deinem letzten Zug gezogen: nur wer zuletzt gezogen hat, darf seinen Zug zurücknehmen
serve-error-takeback-scored = das Spiel deines letzten Zugs ist aus und gewertet: seine Züge gelten
serve-error-takeback-most = in diesem Spiel wurde schon { $most }-mal zurückgenommen, so oft wie ein Spiel erlaubt: spiel weiter
serve-error-cannot-read = kann { $notation } nicht lesen: { $reason }
serve-error-stored-action = { $notation }: { $reason }
serve-error-internal = ein Fehler des Servers: { $reason }
serve-error-name-length = ein Name hat 1 bis { $most } Zeichen ({ $count } angegeben)
serve-error-name-char = ein Name hat nur Buchstaben, Ziffern, Leerzeichen und - _ . ' &, nicht { $char }
serve-error-name-spaces = ein Name hat einzelne Leerzeichen zwischen seinen Wörtern
serve-error-name-body = ein Name wird als { "{" }"name": "dein Name"{ "}" } gesendet
serve-error-renames = dieser Platz wurde in diesem Spiel { $named }-mal benannt, so oft wie ein Spiel erlaubt ({ $most }): benenne ihn wieder, wenn das Spiel aus ist
serve-error-host-seats = nur der Gastgeber besetzt Plätze mit Bots und Personen: sende den Teil des Links des Eröffners nach dem Punkt als `Authorization: Bearer HOST_KEY`
serve-error-seat-body = sag, wen du setzt: { "{" }"bot": "heuristic"{ "}" } oder { "{" }"person": true{ "}" }
serve-error-seat-either = setze entweder einen Bot ({ "{" }"bot": "heuristic"{ "}" }) oder eine Person ({ "{" }"person": true{ "}" })
serve-error-person-already = { $seat } gehört schon einer Person; um ihren Link zu widerrufen, gib ihr einen neuen ({ "{" }"person": true, "new_link": true{ "}" })
serve-error-seed = Startwert { $seed }: schreib eine ganze Zahl von 0 bis { $most }, die 64 Hexziffern eines Schlüssels, oder lass ihn leer
serve-error-listed = listed: true (die Lobby führt den Tisch auf) oder false
serve-error-pace = pace_ms { $pace }: höchstens { $most }
serve-error-open-unsaved = der Tisch konnte nicht gespeichert werden, also wurde er nicht eröffnet: { $reason }
serve-error-max-tables = an diesem Server spielen { $all } Tische, seine Höchstzahl (--max-tables { $most }): versuch es wieder, wenn einer beendet oder geschlossen ist
serve-error-max-per-client = deine Adresse hat { $mine } Tische eröffnet, die noch spielen, so viele wie eine Adresse darf (--max-tables-per-client { $most }): schließ einen (die Platzseite seines Gastgebers hat „Tisch schließen“) oder spiel ihn erst zu Ende
serve-error-closed-meanwhile = der Tisch wurde inzwischen geschlossen: an ihm geschieht nichts mehr
serve-error-move-unsaved = dieser Zug konnte nicht gespeichert werden, also wurde er nicht gemacht (versuch es noch einmal): { $reason }
serve-error-token-in-address = ein Platzschlüssel wird nicht in der Adresse angenommen (Protokolle und Verläufe behalten Adressen): sende ihn als `Authorization: Bearer TOKEN`
serve-error-action-body = ein Zug wird als { "{" }"action": der Text des Zugs, "version": der Stand des Tischs, den deine Seite zeigte, eine ganze Zahl (oder weggelassen){ "}" } gesendet
serve-error-action-long = ein Zug von { $bytes } Bytes: kein Zug ist länger als { $most }
serve-error-takeback-body = eine Rücknahme wird als { "{" }"version": der Stand des Tischs, den deine Seite zeigte{ "}" } (oder { "{" }{ "}" }) gesendet
serve-error-moved-on-takeback = der Tisch ist weitergegangen, seit deine Seite ihn zeigte (Stand { $version }, jetzt { $now }): sieh noch einmal hin, bevor du zurücknimmst
serve-error-close-needs-key = einen Tisch schließt nur sein Gastgeberschlüssel: sende den Teil des Links des Eröffners nach dem Punkt als `Authorization: Bearer HOST_KEY`
serve-error-close-wrong-key = dieser Schlüssel schließt den Tisch nicht: nur der seines Gastgebers (der Link des Eröffners)
serve-error-close-unsaved = das Schließen konnte nicht gespeichert werden, also bleibt der Tisch offen (versuch es noch einmal): { $reason }
serve-error-max-streams = { $streams } Seiten deiner Adresse folgen schon Tischen, die Höchstzahl dieses Servers (--max-streams-per-client): schließ eine
