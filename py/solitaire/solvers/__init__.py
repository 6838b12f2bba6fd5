"""One solver module per game; ``solitaire.solver`` says what they provide and finds them."""
