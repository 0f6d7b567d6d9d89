values {
  a = flatten(1)
}
