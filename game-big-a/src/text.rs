//! The rules summary shown by `cards rules big-a`.

/// The rules summary and the rulings applied.
pub const RULES: &str = "\
Big A (打大A) - five players, two packs of 54 (108 cards), play anticlockwise.

DRAW. Cards are drawn one at a time from the first drawer on: the first three drawers get 22,
the others 21; each player's last card stays face down (unseen) until the Big Ace is decided.
After each of their own draws (but the last) a player may expose: one Ace when none is exposed
(declarer; the holder of the identical Ace is the hidden partner); a pair of identical Aces when
at most a single Ace is exposed, by any player, the single-Ace declarer too (overcall: declarer
alone, protected); or, as single-Ace
declarer, the second copy (alone, protected). If nobody exposed, the first player from the
first drawer holding a seen heart Ace must expose it (the partner may then not expose for the
higher stake); if both heart Aces are face down the hand is redealt. Everyone takes up the
face-down card; then in turn from the first drawer the holder of the other Big Ace may expose it
(doubled, shared stake), or the declarer holding both may expose the second, however they came
to hold both (alone, both exposed: doubled); after a forced heart Ace only the partner is barred.

PLAY. The exposed partner leads, else the declarer. A trick: lead any combination; each player
in turn passes or beats the top; it ends when every other player still holding cards has passed
in succession since the last play, and the player of that last, highest combination leads the
next trick (passing does not stop a player from playing later in the same trick).
Singles: Big Ace > red joker > black joker > 3 > 2 > A > K > ... > 4.
Pair: two of a rank (3 high, 4 low); a Big Ace with another Ace is an ordinary pair of Aces
(below a pair of Twos); only the two Big Aces together make the Big Ace pair bomb. Sequence: 3+ consecutive ranks in the chain
A,2,3,...,K,A (A 2 3 lowest, no wrap). Double sequence: 3+ consecutive pairs. Same type and
length beats lower.
Bombs, low to high: triplet (egg), four, five, six of a kind, two jokers (red-red > red-black >
black-black), triplet sequence (3 triplets), fake eight (two consecutive fours of a kind),
seven, eight of a kind, three jokers, four jokers, Big Ace pair. A bomb beats ordinary plays and
lower bombs, and a higher one of its own type; but a triplet cannot beat a joker, a lone Big
Ace or a double sequence, and a four of a kind cannot beat a lone Big Ace. In sequences, double
and triplet sequences, fake eights and sets of three or more Aces a Big Ace counts as an
ordinary Ace (A BA is a pair of Aces, A A BA an egg of Aces, Q K A with a Big Ace a sequence).
Fours capture: on an N-of-a-kind bomb (3 to 6 cards, never jokers) a player may play exactly
N-1 Fours, take the bomb into hand, and the Fours lie as a plain pair / N-1 of a kind.
A player out of cards drops out; if a trick's winner is out, the lead passes to the next player
holding cards not publicly known to be their opponent. The hand ends when all players still
holding cards are on one team.

SCORING (zero sum). Team tables by the places of declarer and partner: 1st+2nd +6/+3/-3 each,
1st+3rd +4/+2/-2, 1st+4th +2/+1/-1, declarer 2nd/3rd & partner 5th -2/-1/+1, partner 2nd/3rd &
declarer 5th -4/-2/+2, 4th+5th -6/-3/+3, other rows 0. Partner exposed: doubled and shared
(+9/+9/-6, +6/+6/-4, +3/+3/-2, -3/-3/+2, -6/-6/+4, -9/-9/+6). Declarer alone: 1st +32 (-8
each), 5th -32 (+8 each), doubled to 64/16 when both Big Aces were exposed; else 0.
A match is 5 hands (variant); later hands are drawn first by the first player out (variant).

NOTATION. pass; expose Ah; expose Ah Ah; plays by rank, lowest first, separated by spaces:
7, Q Q, 7 7 7, A 2 3, 6 6 7 7 8 8, 4 4 4 4 5 5 5 5, 6 7 8 9 10 J Q K A; BA = a Big Ace (BA,
A BA, BA BA), RJ/BJ jokers (RJ BJ); capture 4 4. The compact forms (QQ, 678910JQKA, AhAh,
capture 44) are read too.

RULINGS APPLIED (ids explained in the game-big-a crate docs). B1 pack; B2 five players, anticlockwise; B3 draw 22/22/22/21/21, face-down last
card, first drawer from the seed then the first out (variant); B4 exposures during the draw with
'pass' always offered (G3); B5 forced heart Ace, redeal, pick-up, partner/lone exposure (a declarer holding both
Big Aces after the pick-up may expose the second however they came to hold both, even when forced
by the heart Ace; the forced case bars only the partner); B6
teams fixed at the start of play, partner hidden until exposing or playing a Big Ace; B7
combinations as the seed lists (two jokers ranked red-red > red-black > black-black; the seed's
'Eight of a kind: Seven cards' read as eight); B8 trick end after all others still in passed;
B9 Fours capture; B10 drop out, lead passing, end when one team remains; B11 the three tables,
5 hands per match (variant); B12 redeals bounded (16 in a row, then a heart Ace is seen). G1 seeded draws; G2 typed refusals; G3 everyone is asked in a fixed
order; G4 every card accounted for.
Engine choices: the heart-Ace question needs no answer (it is forced), so it is resolved
without asking; after 16 redeals in a row the pack of the next redeal puts a heart Ace in a
seen place, so a hand always ends (B12).
";
