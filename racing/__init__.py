"""Racing (*Jets*): 3-6 jets race through numbered gates on a continuous plane."""
