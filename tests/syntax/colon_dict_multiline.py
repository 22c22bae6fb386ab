# error: 4: ':' expected after dictionary key
config = {
    'host': 'localhost',
    'port' 8080,
}
