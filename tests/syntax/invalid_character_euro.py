# error: 2: invalid character '€' (U+20AC)
price = 10 €
