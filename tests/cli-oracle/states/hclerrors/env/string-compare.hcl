values {
  a = "a" < "b"
}
