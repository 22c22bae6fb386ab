# error: 3: invalid syntax. Maybe you meant '==' or ':=' instead of '='?
if x {
    y = 1
}
