values {
  a = parseint("zz", 10)
}
