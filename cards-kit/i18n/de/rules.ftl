# Die Wörter von `cards rules` neben dem Regeltext: die Spielvarianten jedes Spiels und die
# Arten von Bots, auf Deutsch. Schlüssel und Werte (`deals=8`, `ismcts`, `iters`) bleiben die
# Schreibweise der Befehlszeile.

list-or = { $init } oder { $last }

## Spielvarianten

option-line = { $key }={ $default }  { $label } ({ $takes })
option-meaning = { $value }: { $label }
option-meanings = { $meanings }.
option-sum-at-most = { $key } + { $other } ist höchstens { $n }.
option-takes-flag = true oder false
option-takes-range = eine ganze Zahl von { $min } bis { $max }
option-takes-whole = eine ganze Zahl
option-takes-list = eine JSON-Liste in der Form des Standardwerts
option-takes-name = ein Name

## Arten von Bots

bot-line = { $kind }: { $about }
bot-line-no-options = { $kind }: { $about } (keine Einstellungen)
bot-key-line = { $key }: { $takes }; { $about }
bot-takes-any-whole = jede ganze Zahl
bot-takes-whole-min = eine ganze Zahl >= { $min }
bot-takes-whole-range = eine ganze Zahl von { $min } bis { $max }
bot-takes-or-none = { $whole }, oder none
bot-takes-number-min = eine Zahl >= { $min }
bot-takes-flag = 1 oder 0
bot-takes-rollout = random, heuristic oder mixedP (P von 0 bis 100)
bot-takes-widen = K/ALPHA mit K > 0 und 0 < ALPHA < 1, oder none
bot-takes-fallback = random (in keinem Spiel hier gibt es eine Regel für das Aufgeben einer Partie)

bot-exec = ein eigenes Programm über das Bot-Protokoll: exec:BEFEHLSZEILE (der Rest der Angabe, unverändert)
bot-exec-ms = die Zeit, die das Programm für die Antwort auf eine Entscheidung hat (standardmäßig 1000)
bot-exec-on_error = was bei einem Fehler stattdessen gespielt wird: ein zufälliger erlaubter Zug (der Standard)
bot-expert = der stärkste Bot des Spiels, mit festem Budget von etwa 100 ms je Zug
bot-expert-seed = ein eigener Startwert des Bots (standardmäßig zieht er aus dem Zufallsgenerator des Tisches)
bot-heuristic = die einstufige Heuristik des Spiels, sofort
bot-ismcts = Monte-Carlo-Baumsuche über Informationsmengen (ISMCTS) mit den Sucheinstellungen des Spiels
bot-ismcts-c = die UCB1-Erkundungskonstante (der Standard des Spiels, meist 0.7)
bot-ismcts-cutoff = Züge eines Rollouts, bevor die Schätzung des Spiels ihn beendet (0: sofort die Schätzung; none: bis zum Ende)
bot-ismcts-iters = ISMCTS-Iterationen je Entscheidung (der Standard des Spiels, meist 1000; eine Obergrenze, wenn ms angegeben ist)
bot-ismcts-ms = ein Zeitbudget je Entscheidung in Millisekunden (standardmäßig keins)
bot-ismcts-rollout = wie ein Rollout spielt: zufällig, nach der Heuristik oder gemischt mit P % Schritten der Heuristik
bot-ismcts-seed = ein eigener Startwert des Bots (standardmäßig zieht er aus dem Zufallsgenerator des Tisches)
bot-ismcts-widen = schrittweise Verbreiterung: höchstens ceil(K (visits + 1)^ALPHA) Kinder je Knoten
bot-pimc = PIMC über den exakten Löser mit offenen Karten im Kartenspiel (die letzten Stiche der Zählspiele, jeder Stich von Ulti, Piccolo, Bettel und Räuber) und für die Ansagen Ulti, Piccolo und Bettel, sonst ISMCTS; die Gegenspieler eines Solos ziehen die Hand des Spielers als die eines Solo-Ansagers; ms begrenzt die ganze Entscheidung
bot-pimc-auction = die Ansagen Ulti, Piccolo und Bettel an gelösten Welten beurteilen (1)
bot-pimc-bids = gelöste Welten für die Beurteilung der Ansagen (20)
bot-pimc-from = in den Zählspielen entscheidet PIMC, sobald höchstens so viele Stiche übrig sind (7)
bot-pimc-infer = im Solo zieht ein Gegenspieler die Hand des Spielers als die eines Solo-Ansagers (1)
bot-pimc-iters = Iterationen der ISMCTS, die dort sucht, wo PIMC nicht entscheidet (1000)
bot-pimc-margin = in Zählspielen Gleichstände der mittleren Zahlung nach den Augen entscheiden (0)
bot-pimc-ms = das Zeitbudget der ganzen Entscheidung in Millisekunden (keins)
bot-pimc-nodes = das Knotenbudget des Lösers je Welt (500000)
bot-pimc-seed = ein eigener Startwert des Bots (standardmäßig zieht er aus dem Zufallsgenerator des Tisches)
bot-pimc-special = dasselbe in Ulti, Piccolo, Bettel und Räuber (13)
bot-pimc-table = die Tabelle des Lösers hat 2^table Einträge zu 64 Bytes (18)
bot-pimc-worlds = gezogene Welten je Entscheidung (20)
bot-planner = geht hinaus, sobald die Hand in einem Zug ausgelegt werden kann, legt in einem letzten Zug die meisten Punkte aus, sonst zieht er
bot-random = gleichverteilt unter den erlaubten Zügen

## Die Varianten jedes Spiels

option-big-a-extra_bombs = Zusätzliche Bomben
option-big-a-extra_bombs-explain = Fügt die Bomben der Varianten hinzu: Folgen von 4 und 5 Drillingen, die falsche Zehn, Zwölf und Vierzehn und die Echte Acht über drei Jokern.
option-big-a-first_drawer = Wer später zuerst zieht
option-big-a-first_drawer-Declarer = der Ansager des letzten Spiels
option-big-a-first_drawer-FirstOut = wer im letzten Spiel zuerst fertig war
option-big-a-first_drawer-Rotate = wandert in jedem Spiel gegen den Uhrzeigersinn weiter
option-big-a-first_drawer-explain = Wer in jedem Spiel nach dem ersten die erste Karte zieht (B3).
option-big-a-hands = Spiele je Partie
option-big-a-hands-explain = Wie viele Spiele die Partie dauert; die höchste Summe gewinnt (B11).
option-cego-count = Zählen der Augen
option-cego-count-explain = Wie die Augen eines Stichstapels gezählt werden (CG17).
option-cego-count-pairs = paarweise (79 im Spiel, 40 gewinnt)
option-cego-count-threes = in Dreiergruppen (70 im Spiel, 36 gewinnt)
option-cego-deal_order = Reihenfolge beim Geben
option-cego-deal_order-cego-first = zuerst der Cego
option-cego-deal_order-explain = Wie die gemischten Karten ausgeteilt werden; es zählt nur, wenn ein echtes Geben nachgespielt wird (CG1).
option-cego-deal_order-players-first = zuerst die Spieler, dann der Cego
option-cego-deals = Spiele je Partie
option-cego-deals-explain = Wie viele Spiele die Partie dauert (8 sind zu viert zwei Runden von Gebern).
option-cego-gstiess_ending = Ende mit dem Gstieß
option-cego-gstiess_ending-explain = Nach den Spielen wird weitergespielt, bis der Halter des Gstieß im nächsten Spiel noch einmal gegeben hat: 2 bis 5 weitere Spiele (3).
option-cego-no_trock_discard = Ablage ohne Trock im Cego
option-cego-no_trock_discard-any-card = eine beliebige nicht aufgelegte Karte
option-cego-no_trock_discard-explain = Was der Spieler von Zwei Leere oder Zwei Verschiedene ablegt, wenn der Cego keinen Trock enthält (CG13).
option-cego-no_trock_discard-from-cego = eine Karte aus dem Cego
option-cego-raeuber_stakes = Einsätze im Räuber
option-cego-raeuber_stakes-explain = Parlett: 30 (Vorhand 60); Schwarzwald: 40 (Vorhand 80) (7.3).
option-cego-raeuber_stakes-parlett = Parlett
option-cego-raeuber_stakes-schwarzwald = Schwarzwälder Turnier
option-cego-round_strict_next = Immer auf das nächste Vielfache von 5 aufrunden
option-cego-round_strict_next-explain = Eine Zahlung auf das nächste Vielfache von 5 aufrunden, auch wenn sie schon eines ist (CG16).
option-cego-solo_caller_uses_normal_factor = Solo-Ansager behält den normalen Faktor
option-cego-solo_caller_uses_normal_factor-explain = Ein Solo-Ansager, der am Ende eine höhere Stufe spielt, nimmt die normalen Faktoren, nicht die nach Solo (CG7).
option-cego-special_stakes = Einsätze von Ulti, Piccolo, Bettel
option-cego-special_stakes-explain = Parlett: Ulti 80, Piccolo 30, Bettel 30; Schwarzwald: Ulti 80, Piccolo 40, Bettel 30 (7.2).
option-cego-special_stakes-parlett = Parlett
option-cego-special_stakes-schwarzwald = Schwarzwälder Turnier
option-cego-stop_when_decided = Ende, sobald entschieden
option-cego-stop_when_decided-explain = Bettel, Piccolo und Ulti enden, sobald ihr Ergebnis feststeht (CG22).
option-cego-two_different_dead = Die Karten von Zwei Verschiedene sind tot
option-cego-two_different_dead-explain = Die beiden Karten, die Zwei Verschiedene auflegt, können nie einen Stich machen (CG12).
option-cego-ulti_after_solo = Ulti nach einem Solo
option-cego-ulti_after_solo-explain = Ulti darf in der ersten Runde noch angesagt werden, nachdem jemand Solo angesagt hat (CG4).
option-cego-ulti_must_hold_back = Ulti hält Trock 1 zurück
option-cego-ulti_must_hold_back-explain = Der Spieler im Ulti darf Trock 1 vor dem letzten Stich nur spielen, wenn es seine einzige erlaubte Karte ist (CG9).
option-contract-rummy-first_round = Erste Runde
option-contract-rummy-first_round-explain = Die Runde, mit der die Partie beginnt: in Runde r werden r + 2 Karten gegeben (C2).
option-contract-rummy-jokers = Joker
option-contract-rummy-jokers-explain = Wie viele Joker das Spiel enthält (C1).
option-contract-rummy-meld_sizes = Größen der Meldungen
option-contract-rummy-meld_sizes-explain = Für jede Runde die Größen, die eine neue Meldung haben darf: zwischen 3 und der Handgröße der Runde (C5).
option-contract-rummy-rounds = Runden
option-contract-rummy-rounds-explain = Wie viele Runden (Spiele) die Partie ab der ersten Runde dauert; die Runden enden mit Runde 11 (C2).
option-einer-ist-immer-hands = Spiele je Partie
option-einer-ist-immer-hands-explain = Wie viele Spiele die Partie dauert; die höchste Summe gewinnt (E9).
option-einer-ist-immer-titles = Ranktitel
option-einer-ist-immer-titles-english = Englisch (Boss ... Ass)
option-einer-ist-immer-titles-explain = Die Sprache der Titel von Boss bis Arsch; die Regeln ändern sich nicht.
option-einer-ist-immer-titles-german = Deutsch (Boss ... Arsch)
option-grosse-kleine-a-first_a = A-Karte der ersten Runde
option-grosse-kleine-a-first_a-BigAFirst = zuerst das Grosse A (eine andere Übersetzung)
option-grosse-kleine-a-first_a-LittleAFirst = zuerst das kleine a (dieser Text)
option-grosse-kleine-a-first_a-explain = Welche A-Karte der Gewinner der ersten Runde auf die Hand nimmt; der Gewinner der zweiten Runde nimmt die andere (A5).
option-grosse-kleine-a-hands = Spiele je Partie
option-grosse-kleine-a-hands-explain = Wie viele Spiele die Partie dauert; die niedrigste Summe an Strafpunkten gewinnt (A10).
