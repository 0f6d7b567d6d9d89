values {
  a = [for x : x]
}
