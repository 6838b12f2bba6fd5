"""Each game's rule page, in English and German (our own words): what the page's rules dialog
shows. Only the build reads it (tools/make_words.py writes static/rule-pages.js, which the page
imports once it is ready, or when the dialog first opens).

A page is a list of blocks, each a heading and its paragraphs. After every game's page the
dialog shows PLAYING: how the page is played, the same in every game (static/input.js and
static/keyboard.js do what it says).
"""

from __future__ import annotations

RULE_PAGES: dict[str, dict[str, list[list[str]]]] = {
    "klondike": {
        "en": [
            [
                "Goal",
                "Move all 52 cards to the four foundations, each built up by suit from Ace to King.",
            ],
            [
                "Layout",
                "Seven columns of 1 to 7 cards; only the top card of each is face up. The other 24 cards form the stock.",
            ],
            [
                "Moves",
                "Build columns down in alternating colours: a black 8 goes on a red 9. Any face-up run moves together if its first card fits.",
                "Only a King, or a run led by a King, may fill an empty column. A face-down card left on top of a column turns face up.",
                "Click the stock to turn one or three cards onto the waste; only the top waste card can be played. When the stock is empty, click it to turn the waste over (in order) as a new stock.",
                "A foundation card may come back to a column where it fits.",
            ],
            [
                "Scoring",
                "Standard: waste to column +5, any card to a foundation +10, foundation to column −15, turning a column card +5; turning the waste over costs 100 in draw one, and 20 from the third turn-over on in draw three. Timed games lose 2 points every 10 seconds and earn 700000 ÷ seconds for a win over 30 seconds.",
                "Vegas: you pay $52 and earn $5 per card on the foundations; one pass through the stock in draw one, three in draw three. Cumulative Vegas carries your balance from game to game.",
            ],
            [
                "Open mode",
                "Every card is shown, but cards dealt face down stay locked (tinted) until uncovered.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 52 Karten auf die vier Zielstapel bringen, jeder nach Farbe vom Ass bis zum König aufgebaut.",
            ],
            [
                "Aufbau",
                "Sieben Spalten mit 1 bis 7 Karten; nur die oberste Karte jeder Spalte liegt offen. Die übrigen 24 Karten bilden den Talon.",
            ],
            [
                "Züge",
                "In den Spalten wird absteigend in wechselnden Farben angelegt: eine schwarze 8 auf eine rote 9. Jede offene Folge zieht gemeinsam, wenn ihre erste Karte passt.",
                "Nur ein König oder eine Folge mit einem König an der Spitze darf eine leere Spalte füllen. Eine verdeckte Karte, die oben liegen bleibt, wird umgedreht.",
                "Ein Klick auf den Talon legt eine oder drei Karten auf den Ablagestapel; nur dessen oberste Karte ist spielbar. Ist der Talon leer, dreht ein Klick den Ablagestapel (in seiner Reihenfolge) wieder zum Talon um.",
                "Eine Karte vom Zielstapel darf zurück auf eine Spalte, wenn sie dort passt.",
            ],
            [
                "Wertung",
                "Standard: Ablage auf Spalte +5, jede Karte auf einen Zielstapel +10, Zielstapel auf Spalte −15, eine Spaltenkarte aufdecken +5; das Umdrehen des Ablagestapels kostet beim Ziehen einer Karte 100, beim Ziehen von drei Karten ab dem dritten Umdrehen 20. Auf Zeit gibt es alle 10 Sekunden 2 Punkte Abzug und für einen Sieg nach über 30 Sekunden 700000 ÷ Sekunden dazu.",
                "Vegas: 52 $ Einsatz, 5 $ für jede Karte auf den Zielstapeln; beim Ziehen einer Karte ein Durchgang durch den Talon, bei drei Karten drei. Kumulatives Vegas übernimmt den Kontostand von Spiel zu Spiel.",
            ],
            [
                "Offenes Spiel",
                "Alle Karten sind sichtbar, aber verdeckt gegebene Karten bleiben gesperrt (getönt), bis sie frei liegen.",
            ],
        ],
    },
    "double-klondike": {
        "en": [
            [
                "Goal",
                "Move all 104 cards of two decks to the eight foundations, two per suit, each built up from Ace to King.",
            ],
            [
                "Layout",
                "Nine columns of 1 to 9 cards, only the top card face up; the other 59 cards form the stock.",
            ],
            [
                "Moves",
                "As in Klondike: build down in alternating colours, move any face-up run whose first card fits, fill an empty column only with a King or a King-led run, and bring foundation cards back if they fit.",
                "Draw one or three cards; only the top waste card plays. When the stock is empty, the waste is gathered, shuffled and becomes the new stock, as often as you like.",
            ],
            [
                "Scoring",
                "Standard uses Klondike's Standard points (+5, +10, −15, +5 per turned card, a cost per redeal); or no score.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 104 Karten zweier Blätter auf die acht Zielstapel bringen, zwei je Farbe, jeder vom Ass bis zum König aufgebaut.",
            ],
            [
                "Aufbau",
                "Neun Spalten mit 1 bis 9 Karten, nur die oberste offen; die übrigen 59 Karten bilden den Talon.",
            ],
            [
                "Züge",
                "Wie bei Klondike: absteigend in wechselnden Farben anlegen, jede offene Folge ziehen, deren erste Karte passt, eine leere Spalte nur mit einem König oder einer Königsfolge füllen, Karten vom Zielstapel zurückholen, wenn sie passen.",
                "Eine oder drei Karten ziehen; nur die oberste Karte des Ablagestapels ist spielbar. Ist der Talon leer, wird der Ablagestapel eingesammelt, gemischt und zum neuen Talon, so oft du willst.",
            ],
            [
                "Wertung",
                "Standard nutzt die Standardpunkte von Klondike (+5, +10, −15, +5 je aufgedeckte Karte, Abzug je Neugeben); oder keine Wertung.",
            ],
        ],
    },
    "spider": {
        "en": [
            [
                "Goal",
                "Build eight runs from King down to Ace in one suit; each complete run leaves the table at once.",
            ],
            [
                "Layout",
                "Two decks, 104 cards: ten columns of 6, 6, 6, 6, 5, 5, 5, 5, 5, 5 cards with the top card face up, and 50 cards in the stock. Play with one, two or four suits.",
            ],
            [
                "Moves",
                "Any card goes on a card one rank higher, whatever its suit. Only a run of one suit moves as a group. Any card or run may fill an empty column.",
                "Click the stock to deal one card face up onto every column; that is allowed only when no column is empty. There are five deals.",
            ],
            [
                "Scoring",
                "You start with 500 points, lose 1 per move (a deal counts) and earn 100 per completed run.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Acht Folgen vom König bis zum Ass in einer Farbe bilden; jede vollständige Folge verlässt sofort den Tisch.",
            ],
            [
                "Aufbau",
                "Zwei Blätter, 104 Karten: zehn Spalten mit 6, 6, 6, 6, 5, 5, 5, 5, 5, 5 Karten, die oberste offen, und 50 Karten im Talon. Gespielt wird mit einer, zwei oder vier Farben.",
            ],
            [
                "Züge",
                "Jede Karte darf auf eine um einen Rang höhere, gleich welcher Farbe. Nur eine Folge in einer Farbe zieht gemeinsam. Jede Karte oder Folge darf eine leere Spalte füllen.",
                "Ein Klick auf den Talon gibt jeder Spalte eine offene Karte; das geht nur, wenn keine Spalte leer ist. Es gibt fünf Runden.",
            ],
            [
                "Wertung",
                "Du beginnst mit 500 Punkten, verlierst 1 je Zug (auch fürs Austeilen) und bekommst 100 für jede fertige Folge.",
            ],
        ],
    },
    "freecell": {
        "en": [
            [
                "Goal",
                "Move all 52 cards to the four foundations, built up by suit from Ace to King.",
            ],
            [
                "Layout",
                "All cards face up in eight columns (7, 7, 7, 7, 6, 6, 6, 6). Four free cells hold one card each. Deal numbers are Microsoft's: deal 617 here is deal 617 there.",
            ],
            [
                "Moves",
                "Build columns down in alternating colours. Any card, or a run, may go into an empty column. A free cell takes any single card.",
                "A run moves at once only if it has at most (1 + empty free cells) × 2^(empty columns) cards; an empty column you move into does not count.",
                "Cards on the foundations stay there.",
            ],
            [
                "Building",
                "Option: build in any colour order. A card then goes on any card one rank higher (a red 8 on a red 9 too), and a run is any sequence down by one rank. It deals the same cards but has its own daily deals.",
            ],
            [
                "Scoring",
                "FreeCell is not scored: the moves and the time are your score.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 52 Karten auf die vier Zielstapel bringen, nach Farbe vom Ass bis zum König aufgebaut.",
            ],
            [
                "Aufbau",
                "Alle Karten liegen offen in acht Spalten (7, 7, 7, 7, 6, 6, 6, 6). Vier freie Zellen nehmen je eine Karte auf. Die Spielnummern sind die von Microsoft: Spiel 617 hier ist Spiel 617 dort.",
            ],
            [
                "Züge",
                "In den Spalten absteigend in wechselnden Farben anlegen. Jede Karte oder Folge darf in eine leere Spalte. Eine freie Zelle nimmt jede einzelne Karte.",
                "Eine Folge zieht auf einmal nur, wenn sie höchstens (1 + freie Zellen) × 2^(leere Spalten) Karten hat; eine leere Zielspalte zählt dabei nicht mit.",
                "Karten auf den Zielstapeln bleiben dort.",
            ],
            [
                "Anlegen",
                "Option: beliebige Farbfolge. Dann passt eine Karte auf jede Karte, die einen Rang höher ist (auch eine rote 8 auf eine rote 9), und jede um je einen Rang absteigende Folge zieht gemeinsam. Die Karten liegen gleich, aber es gibt eigene Tagesspiele.",
            ],
            [
                "Wertung",
                "FreeCell wird nicht gewertet: Züge und Zeit sind dein Ergebnis.",
            ],
        ],
    },
    "pyramid": {
        "en": [
            [
                "Goal",
                "Clear the pyramid of 28 cards.",
            ],
            [
                "Moves",
                "Remove two free cards whose ranks add up to 13 (Jack 11, Queen 12); a King goes alone. A card is free when no card covers it.",
                "Click the stock to turn one card onto the waste; its top card is free and pairs with a pyramid card. You can go through the stock three times.",
            ],
            [
                "Scoring",
                "5 points for every pair or King removed. Clearing a row earns a bonus, more the higher the row: 25 for the bottom row, then 50, 75, 100, 150 and 250, and 500 for the whole pyramid.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Die Pyramide aus 28 Karten abräumen.",
            ],
            [
                "Züge",
                "Zwei freie Karten, deren Werte zusammen 13 ergeben (Bube 11, Dame 12), werden entfernt; ein König geht allein. Eine Karte ist frei, wenn keine Karte auf ihr liegt.",
                "Ein Klick auf den Talon legt eine Karte auf den Ablagestapel; dessen oberste Karte ist frei und bildet Paare mit Karten der Pyramide. Der Talon kann dreimal durchgegangen werden.",
            ],
            [
                "Wertung",
                "5 Punkte für jedes entfernte Paar und jeden König. Eine abgeräumte Reihe bringt einen Bonus, umso mehr, je höher die Reihe: 25 für die unterste, dann 50, 75, 100, 150 und 250, und 500 für die ganze Pyramide.",
            ],
        ],
    },
    "tripeaks": {
        "en": [
            [
                "Goal",
                "Clear all three peaks.",
            ],
            [
                "Moves",
                "Play a free, face-up card onto the waste when it is one rank above or below the waste's top card, in any suit; King and Ace connect. A card turns face up when both cards covering it are gone.",
                "Click the stock to turn its next card onto the waste; you go through the stock only once.",
            ],
            [
                "Scoring",
                "Each card in a run of plays from the peaks scores one more than the one before (1, 2, 3, …); drawing from the stock ends the run. Clearing a peak earns 15 points for the first two and 30 for the third.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle drei Gipfel abräumen.",
            ],
            [
                "Züge",
                "Eine freie, offene Karte kommt auf den Ablagestapel, wenn sie einen Rang über oder unter dessen oberster Karte liegt, gleich welcher Farbe; König und Ass schließen aneinander an. Eine Karte wird aufgedeckt, wenn beide Karten auf ihr weg sind.",
                "Ein Klick auf den Talon legt seine nächste Karte auf den Ablagestapel; der Talon wird nur einmal durchgegangen.",
            ],
            [
                "Wertung",
                "Jede Karte einer Serie von den Gipfeln zählt einen Punkt mehr als die vorige (1, 2, 3, …); Ziehen vom Talon beendet die Serie. Ein abgeräumter Gipfel bringt 15 Punkte für die ersten beiden und 30 für den dritten.",
            ],
        ],
    },
    "eight-off": {
        "en": [
            [
                "Goal",
                "Move all 52 cards to the four foundations, built up by suit from Ace to King.",
            ],
            [
                "Layout",
                "All cards face up: eight columns of six, and the last four cards in four of the eight free cells. A free cell holds one card.",
            ],
            [
                "Moves",
                "Build columns down in the same suit: the 7 of hearts goes on the 8 of hearts. Only a King, or a run led by a King, may go into an empty column. A free cell takes any single card.",
                "A run moves at once only if it has at most 1 + (empty free cells) cards; empty columns do not count, as only a King may lie in one.",
                "Cards on the foundations stay there.",
            ],
            [
                "Scoring",
                "Eight Off is not scored: the moves and the time are your score.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 52 Karten auf die vier Zielstapel bringen, nach Farbe vom Ass bis zum König aufgebaut.",
            ],
            [
                "Aufbau",
                "Alle Karten liegen offen: acht Spalten zu sechs Karten, die letzten vier Karten in vier der acht freien Zellen. Eine freie Zelle nimmt eine Karte auf.",
            ],
            [
                "Züge",
                "In den Spalten absteigend in derselben Farbe anlegen: die Herz 7 auf die Herz 8. Nur ein König oder eine Folge mit einem König an der Spitze darf in eine leere Spalte. Eine freie Zelle nimmt jede einzelne Karte.",
                "Eine Folge zieht auf einmal nur, wenn sie höchstens 1 + (freie Zellen) Karten hat; leere Spalten zählen nicht, denn in ihnen darf nur ein König liegen.",
                "Karten auf den Zielstapeln bleiben dort.",
            ],
            [
                "Wertung",
                "„Acht Zellen“ wird nicht gewertet: Züge und Zeit sind dein Ergebnis.",
            ],
        ],
    },
    "golf": {
        "en": [
            [
                "Goal",
                "Play all 35 cards of the seven columns onto the waste.",
            ],
            [
                "Layout",
                "Seven columns of five cards, all face up. The other 17 cards form the stock; its first card starts the waste.",
            ],
            [
                "Moves",
                "Play the top card of a column onto the waste when it is one rank above or below the waste's top card, in any suit. Nothing is built on the columns, and an empty column stays empty.",
                "Nothing goes on a King: it ends the run until the next stock card. King and Ace do not connect, so only a 2 goes on an Ace.",
                "Click the stock to turn its next card onto the waste; you go through the stock only once.",
            ],
            [
                "Options",
                "On a King: a Queen (PySolFC's Golf) instead of nothing. King and Ace connect: a King goes on an Ace and, if a Queen may go on a King, an Ace on a King too (Relaxed Golf).",
            ],
            [
                "Scoring",
                "Each card played from a column scores one point, 35 at most.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 35 Karten der sieben Spalten auf den Ablagestapel spielen.",
            ],
            [
                "Aufbau",
                "Sieben Spalten mit je fünf offenen Karten. Die übrigen 17 Karten bilden den Talon; seine erste Karte beginnt den Ablagestapel.",
            ],
            [
                "Züge",
                "Die oberste Karte einer Spalte kommt auf den Ablagestapel, wenn sie einen Rang über oder unter dessen oberster Karte liegt, gleich welcher Farbe. Auf den Spalten wird nicht angelegt, und eine leere Spalte bleibt leer.",
                "Auf einen König kommt nichts: Er beendet die Serie bis zur nächsten Karte vom Talon. König und Ass schließen nicht aneinander an, auf ein Ass passt also nur eine 2.",
                "Ein Klick auf den Talon legt seine nächste Karte auf den Ablagestapel; der Talon wird nur einmal durchgegangen.",
            ],
            [
                "Optionen",
                "Auf einen König: eine Dame (Golf in PySolFC) statt nichts. König und Ass schließen an: Ein König passt auf ein Ass und, wenn eine Dame auf einen König darf, auch ein Ass auf einen König (Relaxed Golf).",
            ],
            [
                "Wertung",
                "Jede von einer Spalte gespielte Karte zählt einen Punkt, höchstens 35.",
            ],
        ],
    },
    "scorpion": {
        "en": [
            [
                "Goal",
                "Build four runs from King down to Ace, each in one suit.",
            ],
            [
                "Layout",
                "One deck: seven columns of seven cards. In the first four columns the bottom three cards are face down; every other card is face up. The last three cards form the stock.",
            ],
            [
                "Moves",
                "Build columns down in the same suit: the 6 of Hearts goes on the 7 of Hearts. Any face-up card may move, with every card lying on it, in order or not, as long as it fits where it goes.",
                "Only a King, with whatever lies on it, may fill an empty column. A face-down card left on top of a column turns face up.",
                "Click the stock once, at any time, to deal its three cards face up onto the first three columns, one each.",
                "Completed runs: by default (as in PySolFC) a whole King-to-Ace run of one suit on top of a column leaves the table at once; with “stay in their column” (as in GNOME Aisleriot) runs stay, and you win when four columns each hold one whole run.",
            ],
            [
                "Scoring",
                "Scorpion is not scored: the moves and the time are your score.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Vier Folgen vom König bis zum Ass bilden, jede in einer Farbe.",
            ],
            [
                "Aufbau",
                "Ein Blatt: sieben Spalten mit je sieben Karten. In den ersten vier Spalten liegen die untersten drei Karten verdeckt, alle anderen offen. Die letzten drei Karten bilden den Talon.",
            ],
            [
                "Züge",
                "In den Spalten wird in derselben Farbe absteigend angelegt: die Herz 6 auf die Herz 7. Jede offene Karte darf mit allen Karten, die auf ihr liegen, ziehen, ob geordnet oder nicht, wenn sie selbst dort passt, wohin sie kommt.",
                "Nur ein König, mit allem, was auf ihm liegt, darf eine leere Spalte füllen. Eine verdeckte Karte, die oben liegen bleibt, wird umgedreht.",
                "Ein Klick auf den Talon, einmal und jederzeit, legt seine drei Karten offen auf die ersten drei Spalten, je eine.",
                "Fertige Folgen: Üblicherweise (wie in PySolFC) verlässt eine ganze Folge vom König bis zum Ass in einer Farbe oben auf einer Spalte sofort den Tisch; mit „Bleiben in ihrer Spalte“ (wie in GNOME Aisleriot) bleiben die Folgen liegen, und du gewinnst, wenn vier Spalten je eine ganze Folge enthalten.",
            ],
            [
                "Wertung",
                "Skorpion wird nicht gewertet: Züge und Zeit sind dein Ergebnis.",
            ],
        ],
    },
    "forty-thieves": {
        "en": [
            [
                "Goal",
                "Move all 104 cards of the two decks to the eight foundations, two per suit, each built up by suit from Ace to King.",
            ],
            [
                "Layout",
                "Ten columns of four cards, all face up. The other 64 cards form the stock.",
            ],
            [
                "Moves",
                "Build columns down in the same suit: the 7 of Hearts goes on the 8 of Hearts. Only the top card of a column can be played, one card at a time; any card may fill an empty column.",
                "As a shortcut, a run down in suit moves at once when single cards could carry it through the empty columns: 2 cards with one empty column, 4 with two, and so on (the empty column it moves to does not count).",
                "Click the stock to turn its top card onto the waste; the top card of the waste plays to a column or a foundation. You go through the stock only once.",
                "Cards on the foundations stay there.",
            ],
            [
                "Scoring",
                "5 points for each card on a foundation and 60 more for each foundation completed up to the King: 1,000 for a won game. Time does not count. Option: no score.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 104 Karten der beiden Spiele auf die acht Zielstapel legen, zwei je Farbe, jeder vom Ass bis zum König in einer Farbe aufsteigend.",
            ],
            [
                "Aufbau",
                "Zehn Spalten zu je vier offenen Karten. Die übrigen 64 Karten bilden den Talon.",
            ],
            [
                "Züge",
                "In den Spalten wird absteigend in derselben Farbe angelegt: Herz 7 kommt auf Herz 8. Nur die oberste Karte einer Spalte ist spielbar, eine Karte je Zug; jede Karte darf eine leere Spalte füllen.",
                "Als Abkürzung zieht eine absteigende Folge in einer Farbe auf einmal, wenn einzelne Karten sie über die leeren Spalten tragen könnten: 2 Karten bei einer leeren Spalte, 4 bei zweien und so fort (die leere Spalte, in die sie zieht, zählt nicht).",
                "Ein Klick auf den Talon legt seine oberste Karte auf den Ablagestapel; dessen oberste Karte kommt auf eine Spalte oder einen Zielstapel. Der Talon wird nur einmal durchgegangen.",
                "Karten auf den Zielstapeln bleiben dort.",
            ],
            [
                "Wertung",
                "5 Punkte für jede Karte auf einem Zielstapel und 60 mehr für jeden bis zum König vollständigen Zielstapel: 1.000 für ein gewonnenes Spiel. Die Zeit zählt nicht. Option: keine Wertung.",
            ],
        ],
    },
    "canfield": {
        "en": [
            [
                "Goal",
                "Move all 52 cards to the four foundations. Each foundation starts with a card of the base rank (the rank of the card dealt to the first foundation; the status line names it) and builds up by suit, turning the corner from King to Ace: with base 7, 7 8 9 10 J Q K A 2 3 4 5 6.",
            ],
            [
                "Layout",
                "One card on the first foundation; a reserve of 13 cards under the stock, only its top card face up; four columns of one card each. The other 34 cards form the stock.",
            ],
            [
                "Moves",
                "Build columns down in alternating colours, turning the corner too: a black King goes on a red Ace. The top cards of the reserve, the waste and the columns may go to a foundation or onto a column where they fit; a card of the base rank starts any empty foundation.",
                "Between columns the top card moves, or the whole column onto a card where its bottom card fits (option: any run moves).",
                "A column left empty is filled at once with the top card of the reserve. Once the reserve is used up, an empty column takes any card or run.",
                "Click the stock to turn three cards onto the waste (option: one card); only the top waste card can be played. When the stock is empty, click it to turn the waste over (in order) as a new stock: as often as you like when drawing three, two times (three passes) when drawing one.",
                "Cards on the foundations stay there (option: the top card of a foundation may come back to a column where it fits).",
            ],
            [
                "Scoring",
                "One point for each card on the foundations, the base card included. Canfield was a casino game: the player paid $52 for a deck and got $5 back for each card on the foundations, so 10 cards broke even.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 52 Karten auf die vier Zielstapel legen. Jeder Zielstapel beginnt mit einer Karte des Grundrangs (des Rangs der Karte, die auf den ersten Zielstapel ausgeteilt wird; die Statuszeile nennt ihn) und wird aufsteigend in einer Farbe gebaut, vom König weiter zum Ass: bei Grundrang 7 also 7 8 9 10 B D K A 2 3 4 5 6.",
            ],
            [
                "Aufbau",
                "Eine Karte auf dem ersten Zielstapel; eine Reserve von 13 Karten unter dem Talon, nur ihre oberste Karte offen; vier Spalten mit je einer Karte. Die übrigen 34 Karten bilden den Talon.",
            ],
            [
                "Züge",
                "In den Spalten wird absteigend in wechselnden Farben angelegt, auch über die Ecke: Ein schwarzer König passt auf ein rotes Ass. Die obersten Karten von Reserve, Ablagestapel und Spalten kommen auf einen Zielstapel oder auf eine Spalte, wo sie passen; eine Karte des Grundrangs beginnt einen leeren Zielstapel.",
                "Von Spalte zu Spalte zieht die oberste Karte oder die ganze Spalte auf eine Karte, auf die ihre unterste Karte passt (Option: jede Folge zieht).",
                "Eine leere Spalte wird sofort mit der obersten Karte der Reserve gefüllt. Ist die Reserve aufgebraucht, nimmt eine leere Spalte jede Karte oder Folge.",
                "Ein Klick auf den Talon legt drei Karten auf den Ablagestapel (Option: eine Karte); nur die oberste Karte des Ablagestapels ist spielbar. Ist der Talon leer, dreht ein Klick den Ablagestapel (in seiner Reihenfolge) zum neuen Talon um: beliebig oft beim Ziehen von drei Karten, zweimal (drei Durchgänge) beim Ziehen von einer.",
                "Karten auf den Zielstapeln bleiben dort (Option: Die oberste Karte eines Zielstapels darf auf eine Spalte zurück, wo sie passt).",
            ],
            [
                "Wertung",
                "Ein Punkt für jede Karte auf den Zielstapeln, die Grundkarte mitgezählt. Canfield war ein Kasinospiel: Man zahlte 52 $ für ein Spiel und bekam 5 $ für jede Karte auf den Zielstapeln zurück, mit 10 Karten also sein Geld wieder.",
            ],
        ],
    },
    "yukon": {
        "en": [
            [
                "Goal",
                "Move all 52 cards to the four foundations, each built up by suit from Ace to King.",
            ],
            [
                "Layout",
                "Seven columns and no stock. The first column holds one card, face up; the others hold 1 to 6 face-down cards with five face-up cards on them.",
            ],
            [
                "Moves",
                "Build columns down in alternating colours: a black 8 goes on a red 9.",
                "Any face-up card may move, taking every card that lies on it along, in order or not, when the card you move fits where it goes.",
                "Only a King, with whatever lies on it, may fill an empty column. A face-down card left on top of a column turns face up.",
                "Cards go to the foundations one at a time from the top of a column. Cards on the foundations are out of play: they never come back.",
            ],
            [
                "Scoring",
                "One point for each card on the foundations: 52 for a won game.",
            ],
        ],
        "de": [
            [
                "Ziel",
                "Alle 52 Karten auf die vier Zielstapel bringen, jeder nach Farbe vom Ass bis zum König aufgebaut.",
            ],
            [
                "Aufbau",
                "Sieben Spalten und kein Talon. Die erste Spalte hält eine offene Karte; die anderen 1 bis 6 verdeckte Karten mit fünf offenen Karten darauf.",
            ],
            [
                "Züge",
                "In den Spalten wird absteigend in wechselnden Farben angelegt: eine schwarze 8 auf eine rote 9.",
                "Jede offene Karte darf ziehen und nimmt alle Karten, die auf ihr liegen, mit, ob geordnet oder nicht, wenn die gezogene Karte dort passt, wo sie hinkommt.",
                "Nur ein König, mit allem, was auf ihm liegt, darf eine leere Spalte füllen. Eine verdeckte Karte, die oben liegen bleibt, wird umgedreht.",
                "Karten kommen einzeln von oben aus einer Spalte auf die Zielstapel. Karten auf den Zielstapeln sind aus dem Spiel: Sie kommen nie zurück.",
            ],
            [
                "Wertung",
                "Ein Punkt für jede Karte auf den Zielstapeln: 52 für ein gewonnenes Spiel.",
            ],
        ],
    },
}

PLAYING: dict[str, list[list[str]]] = {
    "en": [
        [
            "Mouse and touch",
            "Drag a card, with the cards on it, to where it goes, or click it and then the place. Double-click or double-tap a card to send it to its foundation, where the game has foundations. Click the stock, where there is one, to draw or deal.",
            "Hint shows a good move. Winnable? and Check say whether the game can still be won; a game where either was used counts as won, but as assisted. Finish appears once the game is certain to be won, and plays it out.",
        ],
        [
            "Keys",
            "Tab reaches the table. The arrow keys move the focus: left and right from pile to pile, up and down through the face-up cards of a column and on to the row of piles above or below. 1 to 9 and 0 jump to columns 1 to 10; Home and End to the first and last pile.",
            "Enter or Space picks up the card in focus, with the cards on it; its possible destinations light up. Move the focus to one and press Enter or Space to put the cards there. Enter on the stock draws. Escape puts the cards back.",
            "D draws from the stock, F sends the card in focus to a foundation, H shows a hint, U or Ctrl+Z undoes, R, Ctrl+Y or Ctrl+Shift+Z redoes, N starts a new game, T today's daily deal, ? opens the rules and these keys.",
            "With a screen reader, every move, draw, card turned face up, win and the end of the moves is announced.",
        ],
    ],
    "de": [
        [
            "Maus und Touch",
            "Ziehe eine Karte mit den Karten darauf dorthin, wo sie hinkommt, oder klicke sie an und dann den Platz. Ein Doppelklick oder doppeltes Tippen schickt eine Karte auf ihren Zielstapel, wo das Spiel Zielstapel hat. Ein Klick auf den Talon, wo es einen gibt, zieht oder teilt aus.",
            "„Tipp“ zeigt einen guten Zug. „Lösbar?“ und „Prüfen“ sagen, ob das Spiel noch zu gewinnen ist; ein Spiel, in dem eines davon benutzt wurde, zählt als gewonnen, aber als mit Hilfe. „Fertig“ erscheint, sobald das Spiel sicher gewonnen ist, und spielt es zu Ende.",
        ],
        [
            "Tasten",
            "Mit Tab kommst du zum Tisch. Die Pfeiltasten bewegen den Fokus: links und rechts von Stapel zu Stapel, hoch und runter durch die offenen Karten einer Spalte und weiter zur Reihe darüber oder darunter. 1 bis 9 und 0 springen zu den Spalten 1 bis 10, Pos1 und Ende zum ersten und letzten Stapel.",
            "Eingabe oder Leertaste nimmt die Karte im Fokus mit den Karten darauf auf; ihre möglichen Ziele leuchten. Bewege den Fokus auf eines und drücke Eingabe oder Leertaste, um die Karten dort abzulegen. Eingabe auf dem Talon zieht. Escape legt die Karten zurück.",
            "D zieht vom Talon, F legt die Karte im Fokus auf einen Zielstapel, H zeigt einen Tipp, U oder Strg+Z nimmt zurück, R, Strg+Y oder Strg+Umschalt+Z wiederholt, N beginnt ein neues Spiel, T das heutige Tagesspiel, ? öffnet die Regeln mit diesen Tasten.",
            "Mit einem Screenreader wird jeder Zug angesagt, jedes Ziehen, jede aufgedeckte Karte, ein Sieg und wenn keine Züge mehr möglich sind.",
        ],
    ],
}
