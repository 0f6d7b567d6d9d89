values {
  a = {([1]) = 1}
}
