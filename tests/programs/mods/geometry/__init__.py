print("geometry package: init")
UNITS = "cm"
