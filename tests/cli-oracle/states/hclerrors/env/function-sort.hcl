values {
  a = sort([[1]])
}
