values {
  a = lookup({x = 1}, "y")
}
