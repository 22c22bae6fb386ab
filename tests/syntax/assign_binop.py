# error: 2: cannot assign to expression here. Maybe you meant '==' instead of '='?
a + 1 = 2
