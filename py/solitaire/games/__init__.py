"""One module per game; the registry in ``solitaire.registry`` lists them."""
