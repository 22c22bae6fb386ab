# error: 2: invalid syntax
function greet(name) {
    return name
}
