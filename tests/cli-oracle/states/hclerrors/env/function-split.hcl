values {
  a = split(1)
}
