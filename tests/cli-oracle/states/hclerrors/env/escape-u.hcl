values {
  a = "\u12"
}
