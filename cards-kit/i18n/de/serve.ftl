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
serve-error-not-host-key = der Teil dieses Links nach dem Punkt ist nicht der Gastgeberschlüssel dieses Tischs
serve-error-token-required = ein Platzschlüssel ist nötig: sende den Teil des Links deines Platzes nach # als `Authorization: Bearer TOKEN`
serve-error-wrong-token = dieser Schlüssel öffnet diesen Platz nicht
serve-error-player-open = hat den Tisch offen
serve-error-player-was-here = war vor { $ago } hier
serve-error-player-here = die Person auf { $seat } { $here }: der Platz einer Person wechselt nur, wenn sie { $away } lang fort war (keine Anfrage, keine offene Seite) oder zustimmt (POST an `agree` des Platzes mit seinem Link)
serve-error-ticket = dieser Ereignisstrom braucht ein frisches Ticket: POST an `ticket` des Platzes mit seinem Schlüssel (ein Ticket gilt einmal, 30 Sekunden lang)
serve-duration-none = weniger als einer Sekunde
serve-duration-seconds = { $count ->
    [one] { $count } Sekunde
   *[other] { $count } Sekunden
  }
serve-duration-minutes = { $count ->
    [one] { $count } Minute
   *[other] { $count } Minuten
  }
serve-duration-hours = { $count ->
    [one] { $count } Stunde
   *[other] { $count } Stunden
  }
serve-error-no-expert = die Lobby bietet für dieses Spiel keinen Experten
serve-error-no-randomness-hint = kein Zufall vom System für einen Vorschlag: { $reason }
serve-error-no-hints = dieser Tisch wurde ohne Vorschläge eröffnet: kein Platz darf um einen Vorschlag bitten
serve-error-hint-busy = ein Vorschlag für diesen Tisch wird gerade ausgearbeitet: frag wieder, wenn er gezeigt wird
serve-error-hint-stopping = der Server hält an: kein Vorschlag
serve-error-table-closed = der Tisch wurde geschlossen
serve-error-hints-value = hints: true (jeder Platz darf nach dem Zug des Experten fragen) oder false
serve-error-no-exec = Bot { $spec }: dieser Server startet keine Bot-Programme (starte ihn mit --allow-exec, um exec:-Bots zu setzen)
serve-error-bot-cap = Bot { $spec }: { $setting } ist mehr, als dieser Server erlaubt: { $key } darf { $allowed } sein (höchstens so viel Denken je Zug)
serve-allowed-whole = eine ganze Zahl von { $min } bis { $max }
serve-allowed-whole-or-none = eine ganze Zahl von { $min } bis { $max }, oder none
serve-allowed-number = eine Zahl von { $min } bis { $max }
serve-error-table-memory = diese Bots bräuchten etwa { $need } MB zum Denken, mehr als die { $most } MB, die ein Tisch auf diesem Server nutzen darf (--table-memory-mb): wähle weniger oder kleinere Suchbots
serve-error-server-memory = diese Bots bräuchten etwa { $need } MB zum Denken, und die offenen Tische lassen nur { $left } MB des Speichers dieses Servers frei (--memory-mb): versuch kleinere Bots, oder wieder, wenn ein Tisch geschlossen ist
serve-error-seat-spec = { $reason } (oder `person`)
serve-error-max-seats = { $given } Plätze: kein Spiel hat mehr als { $most }
serve-error-rules = Mit diesen Regeln kann man nicht spielen: { $reason }
serve-error-log-over = Protokoll: seine Partie ist zu Ende; es gibt nichts fortzusetzen (spiel sie mit cards replay nach)
serve-error-too-fast = { $what }: warte { $secs } s
serve-error-requests-per-second = deine Adresse hat mehr als { $most } Anfragen je Sekunde gestellt, die Höchstzahl dieses Servers (--max-requests-per-second)
serve-error-body-late = der Inhalt der Anfrage kam nicht binnen { $ms } ms an
serve-error-body-broke = der Inhalt der Anfrage brach ab
serve-error-too-large = die Anfrage ist größer als { $most } Bytes
serve-error-host-name = dieser Server antwortet seinen IP-Adressen und localhost, nicht { $quoted }: öffne ihn über seine Adresse, oder starte ihn mit --allow-host { $name }, damit er diesem Namen antwortet
serve-error-no-host = eine Anfrage muss den Server in ihrem Host-Header nennen
serve-error-opens-per-minute = deine Adresse hat in der letzten Minute { $most } Tische eröffnet, die Höchstzahl dieses Servers (--max-opens-per-minute)
serve-error-opens-per-minute-room = deine Adresse hat in der letzten Minute auf den Servern dieses Verbunds { $most } Tische eröffnet, so viele wie eine Adresse darf (--max-opens-per-minute)
serve-error-gone-host = Tisch { $table } wurde vor { $ago } von seinem Gastgeber geschlossen
serve-error-gone-finished = Tisch { $table } hat seine Partie beendet und wurde vor { $ago } entfernt (ein beendeter Tisch bleibt { $keep } für sein Protokoll, oder die Leerlaufzeit des Servers, wenn sie kürzer ist); sein Nachspiel, jedes Blatt gezeigt, und das Protokoll zum Herunterladen: /review/{ $id }
serve-error-gone-damaged = Tisch { $table } wurde vor { $ago } geschlossen: sein Speicher versagte, und was er hält, baut den Tisch nicht mehr auf
serve-error-gone-idle = Tisch { $table } wurde vor { $ago } geschlossen, nach { $idle } ohne Nutzung
serve-error-no-table = hier ist kein Tisch { $table } offen: dieser Server hat ihn seit seinem Start nicht eröffnet, oder ihn vor mehr als { $kept } oder vor seinen letzten { $closings } Schließungen geschlossen; eine beendete Partie wird unter /review/{ $id } nachgespielt
serve-error-no-randomness = kein Zufall vom System: { $reason }
serve-error-no-page = keine solche Seite
serve-error-no-asset = keine Datei { $name }
serve-error-analyses-busy = { $most } Analysen werden gerade berechnet, so viele wie dieser Server auf einmal berechnet: frag wieder, wenn eine fertig ist
serve-error-store-unread = der Speicher kann nicht gelesen werden: { $reason }
serve-error-table-moving = Tisch { $table } wechselt den Server (der Server, der ihn führte, ist ausgefallen oder hat seine Leihfrist von { $lease } s verloren): versuch es in einer Sekunde noch einmal
serve-error-no-match = hier wird keine Partie { $table } aufbewahrt
serve-error-not-finished = Tisch { $table } hat seine Partie nicht beendet: ein Nachspiel zeigt jedes Blatt, also öffnet es sich erst, wenn die Partie zu Ende ist (schau ihr solange unter /watch/{ $id } zu)
serve-error-no-match-seat = diese Partie hat die Plätze 0 bis { $last }, nicht { $seat }
serve-error-analysis-failed = die Analyse schlug fehl: { $reason }
serve-error-request-object = eine Tischanfrage ist ein Objekt wie { "{" }"game": "cego", "seats": ["person", "heuristic", "heuristic", "heuristic"]{ "}" }
serve-error-request-game = game: nenne ein Spiel, z. B. "cego"
serve-error-request-players = players: schreib die Zahl der Spieler, z. B. 4
serve-error-request-seat = seats: jeder Platz ist "person" oder ein Bot wie "heuristic", in Anführungszeichen
serve-error-request-seats = seats: eine Liste mit einem Eintrag je Platz, jeder "person" oder ein Bot wie "heuristic"
serve-error-request-option = options: gib { $key } einen Wert wie "3", true oder eine Liste
serve-error-request-options = options: die Spielvarianten als Objekt aus Namen und Werten, z. B. { "{" }"hands": "3"{ "}" }
serve-error-request-seed = seed: schreib eine ganze Zahl von 0 bis { $most }, oder lass ihn leer
serve-error-request-single-deal = single_deal: true oder false
serve-error-request-pace = pace_ms: die Millisekunden zwischen Bot-Zügen, eine ganze Zahl von 0 bis { $most }
serve-error-request-field = eine Tischanfrage hat kein Feld { $field }; ihre Felder: { $fields }
serve-error-log-not-log = Protokoll: kein Protokoll von `cards play --save`: { $reason }
serve-error-log = Protokoll: { $reason }
serve-error-request = die Anfrage ist nicht lesbar: { $reason }
serve-error-stored-table = der gespeicherte Tisch kann nicht gelesen werden: { $reason }
serve-error-stored-rules = die gespeicherten Regeln können nicht gelesen werden: { $reason }
serve-error-stored-seat = ein gespeicherter Platz kann nicht gelesen werden: { $reason }
serve-error-unknown-lang = unbekannte Sprache { $lang }: der Katalog hat en, de und qps (die Pseudo-Sprache der Tests)
