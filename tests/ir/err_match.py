# match statements are refused at the statement.
command = "go"
# error: 4: kiln does not support match statements yet
match command:
    case "go":
        print(1)
