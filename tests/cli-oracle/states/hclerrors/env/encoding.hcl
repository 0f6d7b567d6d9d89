values {
  a = 1 ÿ
}
