# The words of `cards rules` beside the rules text: the variant options of every game and the
# bot kinds, in English. The option and bot texts are the games' and cards-core's own
# (OptionDoc, BotKind); a test checks this file says them word for word.

list-or = { $init } or { $last }

## Variant options

option-line = { $key }={ $default }  { $label } ({ $takes })
option-meaning = { $value }: { $label }
option-meanings = { $meanings }.
option-sum-at-most = { $key } + { $other } is at most { $n }.
option-takes-flag = true or false
option-takes-range = a whole number from { $min } to { $max }
option-takes-whole = a whole number
option-takes-list = a JSON list shaped like the default
option-takes-name = a name

## Bot kinds

bot-line = { $kind }: { $about }
bot-line-no-options = { $kind }: { $about } (no options)
bot-key-line = { $key }: { $takes }; { $about }
bot-takes-any-whole = any whole number
bot-takes-whole-min = a whole number >= { $min }
bot-takes-whole-range = a whole number from { $min } to { $max }
bot-takes-or-none = { $whole }, or none
bot-takes-number-min = a number >= { $min }
bot-takes-flag = 1 or 0
bot-takes-rollout = random, heuristic or mixedP (P from 0 to 100)
bot-takes-widen = K/ALPHA with K > 0 and 0 < ALPHA < 1, or none
bot-takes-fallback = random (there is no rule for forfeiting a match in any game here)

bot-exec = a program of your own over the bot protocol: exec:COMMAND LINE (the rest of the spec, kept whole)
bot-exec-ms = the time the program has to answer a decision (1000 by default)
bot-exec-on_error = what a fault plays instead: a random legal action (the default)
bot-expert = the game's strongest bot, at a fixed budget of about 100 ms a move
bot-expert-seed = a seed of the bot's own (by default it draws from the table's generator)
bot-heuristic = the game's one-ply heuristic, at once
bot-ismcts = information-set Monte Carlo tree search from the game's search defaults
bot-ismcts-c = the UCB1 exploration constant (the game's default, mostly 0.7)
bot-ismcts-cutoff = rollout actions before the game's estimate ends it (0: the estimate at once; none: to the end)
bot-ismcts-iters = ISMCTS iterations per decision (the game's default, mostly 1000; a cap when ms is given)
bot-ismcts-ms = a time budget per decision in milliseconds (none by default)
bot-ismcts-rollout = how a rollout plays: at random, by the heuristic, or mixed with P% heuristic steps
bot-ismcts-seed = a seed of the bot's own (by default it draws from the table's generator)
bot-ismcts-widen = progressive widening: at most ceil(K (visits + 1)^ALPHA) children a node
bot-pimc = PIMC over the exact open-hand solver in the card play (the last tricks of the counter games, every trick of Ulti, Piccolo, Bettel and Räuber) and for the calls of Ulti, Piccolo and Bettel, ISMCTS elsewhere; a Solo's defenders draw the soloist's hand as a Solo caller's; ms bounds the whole decision
bot-pimc-auction = judge the calls of Ulti, Piccolo and Bettel on solved worlds (1)
bot-pimc-bids = worlds solved for the auction's judgement (20)
bot-pimc-from = in the counter games PIMC decides once at most this many tricks are left (7)
bot-pimc-infer = in a Solo, a defender draws the soloist's hand as a Solo caller's (1)
bot-pimc-iters = iterations of the ISMCTS used where PIMC does not decide (1000)
bot-pimc-margin = in counter games, break ties of the mean payment by the card points (0)
bot-pimc-ms = the time budget of the whole decision in milliseconds (none)
bot-pimc-nodes = the solver's node budget per world (500000)
bot-pimc-seed = a seed of the bot's own (by default it draws from the table's generator)
bot-pimc-special = the same in Ulti, Piccolo, Bettel and Räuber (13)
bot-pimc-table = the solver's table holds 2^table entries of 64 bytes (18)
bot-pimc-worlds = worlds sampled per decision (20)
bot-planner = goes out whenever the hand can go down in one turn, puts the most points down in a final turn, otherwise draws
bot-random = uniformly among the legal actions

## Each game's options

option-big-a-extra_bombs = Extra bombs
option-big-a-extra_bombs-explain = Adds the Variations' bombs: sequences of 4 and 5 triplets, the false ten, twelve and fourteen, and the True Eight above Three Jokers.
option-big-a-first_drawer = First to draw later
option-big-a-first_drawer-Declarer = last hand's declarer
option-big-a-first_drawer-FirstOut = who ran out first last hand
option-big-a-first_drawer-Rotate = passes anticlockwise each hand
option-big-a-first_drawer-explain = Who draws the first card in every hand after the first (B3).
option-big-a-hands = Hands per match
option-big-a-hands-explain = How many hands the match lasts; the highest total wins (B11).
option-cego-count = Counting card points
option-cego-count-explain = How the card points of a trick pile are counted (CG17).
option-cego-count-pairs = in pairs (pack 79, 40 wins)
option-cego-count-threes = in threes (pack 70, 36 wins)
option-cego-deal_order = Deal order
option-cego-deal_order-cego-first = the cego first
option-cego-deal_order-explain = How the shuffled pack is dealt; it matters only when replaying a physical deal (CG1).
option-cego-deal_order-players-first = players first, then the cego
option-cego-deals = Deals per match
option-cego-deals-explain = How many deals the match lasts (8 is two rounds of dealers at four players).
option-cego-gstiess_ending = Gstieß ending
option-cego-gstiess_ending-explain = After the deals, play on until the holder of the Gstieß in the next deal has dealt once more: 2 to 5 more deals (3).
option-cego-no_trock_discard = Discard without a Trock in the cego
option-cego-no_trock_discard-any-card = any unexposed card
option-cego-no_trock_discard-explain = What the soloist of Two Blanks or Two Different discards when the cego holds no Trock (CG13).
option-cego-no_trock_discard-from-cego = a card from the cego
option-cego-raeuber_stakes = Stakes of Räuber
option-cego-raeuber_stakes-explain = Parlett: 30 (Forehand 60); Schwarzwald: 40 (Forehand 80) (7.3).
option-cego-raeuber_stakes-parlett = Parlett
option-cego-raeuber_stakes-schwarzwald = Schwarzwald tournament
option-cego-round_strict_next = Always round up to the next 5
option-cego-round_strict_next-explain = Round a payment up to the next multiple of 5 even when it is one already (CG16).
option-cego-solo_caller_uses_normal_factor = Solo caller keeps the normal factor
option-cego-solo_caller_uses_normal_factor-explain = A Solo caller who ends up playing a higher rung uses the normal factor column, not the after-Solo one (CG7).
option-cego-special_stakes = Stakes of Ulti, Piccolo, Bettel
option-cego-special_stakes-explain = Parlett: Ulti 80, Piccolo 30, Bettel 30; Schwarzwald: Ulti 80, Piccolo 40, Bettel 30 (7.2).
option-cego-special_stakes-parlett = Parlett
option-cego-special_stakes-schwarzwald = Schwarzwald tournament
option-cego-stop_when_decided = Stop when decided
option-cego-stop_when_decided-explain = Bettel, Piccolo and Ulti end as soon as their result is certain (CG22).
option-cego-two_different_dead = Two Different's cards are dead
option-cego-two_different_dead-explain = The two cards Two Different exposes can never win a trick (CG12).
option-cego-ulti_after_solo = Ulti after a Solo
option-cego-ulti_after_solo-explain = Ulti may still be called in phase one after someone has called Solo (CG4).
option-cego-ulti_must_hold_back = Ulti holds Trock 1 back
option-cego-ulti_must_hold_back-explain = The Ulti soloist may play Trock 1 before the last trick only when it is his only legal card (CG9).
option-contract-rummy-first_round = First round
option-contract-rummy-first_round-explain = The round the match starts at: round r deals r + 2 cards (C2).
option-contract-rummy-jokers = Jokers
option-contract-rummy-jokers-explain = How many jokers the pack holds (C1).
option-contract-rummy-meld_sizes = Meld sizes
option-contract-rummy-meld_sizes-explain = For each round, the sizes a new meld may have: between 3 and the round's hand size (C5).
option-contract-rummy-rounds = Rounds
option-contract-rummy-rounds-explain = How many rounds (deals) the match lasts, from the first round on; rounds end at round 11 (C2).
option-einer-ist-immer-hands = Hands per match
option-einer-ist-immer-hands-explain = How many hands the match lasts; the highest total wins (E9).
option-einer-ist-immer-titles = Rank titles
option-einer-ist-immer-titles-english = English (Boss ... Ass)
option-einer-ist-immer-titles-explain = The language of the titles from Boss to Ass; the rules do not change.
option-einer-ist-immer-titles-german = German (Boss ... Arsch)
option-grosse-kleine-a-first_a = A card of round 1
option-grosse-kleine-a-first_a-BigAFirst = Big A first (another translation)
option-grosse-kleine-a-first_a-LittleAFirst = little a first (this text)
option-grosse-kleine-a-first_a-explain = Which A card the winner of round 1 takes into hand; round 2's winner takes the other (A5).
option-grosse-kleine-a-hands = Hands per match
option-grosse-kleine-a-hands-explain = How many hands the match lasts; the lowest total of penalty points wins (A10).
