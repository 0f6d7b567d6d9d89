values {
  a = "abc
}
