# error: 2: cannot assign to dict literal here. Maybe you meant '==' instead of '='?
{} = 1
