values {
  a = parseint("1", 1)
}
