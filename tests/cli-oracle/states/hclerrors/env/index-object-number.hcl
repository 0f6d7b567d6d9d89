values {
  a = {x = 1}[0]
}
