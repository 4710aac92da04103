"""Integer codes shared by the family's rules arrays (plain Python, importable without numba)."""

KM_X2, KM_BY_LEAD, KM_X1 = 0, 1, 2  # kitty multiplier: x2, x(2 x cards of the last lead), x1
