//! The rules summary and the rulings applied, as `cards rules cego` prints them.

/// The rules summary and rulings (plain text).
pub const RULES: &str = "\
CEGO - the tarock game of Baden (Parlett, Penguin Book of Card Games, completed by the
project's Cego rules, whose sections are cited as §N; see the game-cego crate docs)

PACK  54 cards: Trocks T1..T21 and the Gstiess Gs (highest); plain suits clubs c, spades s,
      hearts h, diamonds d. Black: K Q R J 10 9 8 7. Red: K Q R J 1 2 3 4 (red numerals in
      reverse). Every Trock beats every plain card.
POINTS Kings, Gs, T21, T1: 5. Queens 4, Cavaliers (R) 3, Jacks 2, all others 1. Counted in
      threes (each group of three loses 2, a remainder loses 1): the pack is 70.
DEAL  4 players, everything anticlockwise. 11 cards each, 10 to the cego. Forehand (A) sits
      at the dealer's right. The first dealer is drawn from the seed (G1); the next dealer is
      this Forehand. A match is `deals` deals (default 8); with gstiess_ending = true, 'Der
      Gstiess gibt ab' is said after `deals` deals: the holder of the Gstiess in the next deal
      (the soloist if it lay in a cego he took up, the dealer if it lay in a cego nobody took
      up) is noted, and play goes on up to and including his next turn to deal.
FIVE  With 5 players (§3) the dealer sits out each deal and pays or receives like a
      defender; the other four play: A at his right, D at his left. In Raeuber every loser
      pays him what he pays each other player (ruling). The deal passes to the right as at 4.
THREE With 3 players (§10): 7c, 7s and 4d are removed (51 cards); 13 cards each, 12 to
      the cego, 13 tricks. Seats A (forehand), B, C (dealer). No Piccolo, Bettel or Raeuber:
      A opens with cego, and if nobody bids over it A plays Cego. Discard contracts keep as
      many cards as at 4, discard the rest, take the 12 cego cards and come back to 13; the
      Legage has 12. The removed cards count for the soloist (69 + 1 = 70) when he takes a
      trick. Each of the two defenders pays or receives the amount; Ulti needs trick 13.
AUCTION
  Phase 1: A, B, C, D: pass | solo | ulti (holder of T1 only). Ulti ends the auction; solo ends
      phase 1 (no ulti after it).
  Phase 2 without a Solo: A must open cego | piccolo | bettel. B, C, D enter in turn: pass |
      the next rung | piccolo | bettel (piccolo/bettel end the auction). Ladder: cego <
      one-card < one-blank < two-blanks < two-different < little-man. No jump bids. The holder
      answers a raise with hold or pass; after a hold the entrant raises again or passes.
      If B, C and D all pass over A's cego, A chooses cego or raeuber.
  Phase 2 after a Solo: the Solo caller holds rung solo; A, B, C, D (without him) enter in that
      order over gegensolo (= cego) and the ladder. No piccolo, bettel or raeuber. If nobody
      bids, the caller plays Solo.
  Every bid or hold must be possible with the dealt hand (one-blank: a plain card; two-blanks:
      two cards of a suit; two-different: two suits; little-man and ulti: T1).
CONTRACTS
  Counter games (the soloist needs 36 card points): Solo, Cego, One Card, One Blank,
  Two Blanks, Two Different and Little Man.
  Solo        dealt hand, cego set aside (counts for him if he takes a trick)
  Cego        discard 9 (one per action), take the cego, discard 1 more
  One Card    discard 10, take the cego
  One Blank   expose a numeral (a court only if he has no numeral): dead; lead it or its suit
  Two Blanks  expose 2 numerals of a suit (dead); a hand with no suit holding two numerals
              exposes any two cards of one suit instead (CG8); lowest cego Trock discarded
              face up; lead two cards of that suit to tricks 1 and 2 at once (8s+7s)
  Two Diff.   expose 2 numerals of different suits (dead; a court stands in only where the hand
              lacks a numeral, as few as possible, CG8), highest cego Trock discarded face up;
              lead exactly those two at once
  Little Man  a counter game: expose T1, discard 10, take the cego, lead T1 (it always loses
              trick 1: some defender holds a higher Trock and must play one)
  Special games (fixed stakes, cego set aside unseen):
  Ulti        win trick 11 with T1            Piccolo  take exactly one trick
  Bettel      take no trick                   Raeuber  no soloist, most card points loses
PLAY  Follow suit, else a Trock, else anything; no duty to beat. Highest Trock wins, else the
      highest live card of the suit to follow. Dead cards never win; if a dead card is led and
      the next player can neither follow nor trump, his card sets the suit. In the double lead
      each defender plays a pair (first card to trick 1, second to trick 2), legal when some
      order of playing obeys the rules; the higher winning card leads trick 3 (ties: clubs >
      spades > hearts > diamonds). The Legage is visible to the soloist until trick 1 ends.
SCORING (per defender, zero-sum)
  Counter games (Solo to Little Man): soloist's tricks + set-aside cards (if he took a trick);
      36 wins, 35 loses (Buergermeister). Amount = |points - 35| x factor, rounded up to a
      multiple of 5, at least 5.
      Factors: Solo 2 won / 1 lost; Cego 1, One Card 2, One Blank 3, Two Blanks 4,
      Two Different 5, Little Man 6; one more for each after a Solo.
  Ulti 80, Piccolo 30, Bettel 30.
  Raeuber: most points pays 30 to each; Forehand among the highest pays 60 to each, alone.
NOTATION  pass, hold, solo, ulti, cego (gegensolo), one-card, one-blank, two-blanks,
      two-different, little-man, piccolo, bettel, raeuber, expose 8c, discard T5, Kc, 8s+7s.

RULINGS APPLIED (§8)
  CG1  deal packets A 0-10, B 11-21, C 22-32, D 33-43, cego 44-53 of the seeded shuffle
       (variant deal_order = cego-first: cego 0-9, then 11 each)
  CG2  the holder (earlier) says Hold; an entrant must raise or pass
  CG3  after a Solo, entrants come A, B, C, D without the caller
  CG4  no Ulti after a Solo (variant ulti_after_solo)
  CG5  Piccolo/Bettel only on the player's own entry turn (and A's opening)
  CG6  the set-aside cards (cego in Solo, Legage otherwise) count for the soloist with a trick
  CG7  every counter game of an auction with a Solo uses the after-Solo factor
       (variant solo_caller_uses_normal_factor)
  CG8  bids and holds must be possible with the dealt hand; courts replace numerals only when
       the hand lacks them (Two Different: as few courts as possible)
  CG9  Ulti and Little Man need T1; T1 may be played early in Ulti but loses
       (variant ulti_must_hold_back)
  CG10 One Card keeps one hidden card, no lead duty; Cego keeps two and discards one more
  CG11 the soloist leads trick 1 in every contract; Forehand in Raeuber
  CG12 Two Different's exposed cards are dead (variant two_different_dead)
  CG13 no Trock in the cego: discard one card that came from the cego, face down
       (variant no_trock_discard)
  CG14 a dead card led: the next player's off-suit card sets the suit
  CG15 a double-lead pair is legal when some order of playing it is legal
  CG16 rounding is the ceiling to a multiple of 5, minimum 5 (variant round_strict_next)
  CG17 counting in threes (variant count = pairs: 79 in the pack, 40 wins)
  CG21 the Legage is shown to the soloist only until trick 1 is complete
  CG22 all 11 tricks are played (variant stop_when_decided: Bettel, Piccolo, Ulti stop once
       the result is certain; scores do not change)
  Not implemented: CG18 (Halbe), CG19 (Solo duty), CG20 (Schwarzwald order).

ENGINE RULINGS AT THREE PLAYERS (§10 is silent)
  3P1  deal packets A 0-12, B 13-25, C 26-38, cego 39-50 of the seeded shuffle of the 51 cards
       (cego-first: cego 0-11, then 13 each)
  3P2  A at the dealer's right, then B, and C deals; the deal passes to the right
  3P3  phase one A, B, C; A opens with cego; B, C enter (after a Solo the two others)
  3P4  the removed cards count with the set-aside cards: for the soloist only with a trick
  3P5  the last trick is trick 13 (Ulti, CG9 hold-back, CG22 early stop)
  3P6  Little Man unchanged: at 3 Trock 1 can take trick 1 when no defender holds a Trock
  3P7  deals default 8; the Gstiess ending ends at most 4 deals after the announced one
  Not implemented at 3: Parlett's replacement for Raeuber (its page was not available).
";
