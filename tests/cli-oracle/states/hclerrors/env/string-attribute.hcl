values {
  a = "x".y
}
