values {
  a = "ÿ"
}
