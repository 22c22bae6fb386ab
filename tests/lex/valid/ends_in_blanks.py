if x:
    pass
    
  # c

   