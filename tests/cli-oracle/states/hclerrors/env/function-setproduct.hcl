values {
  a = setproduct()
}
