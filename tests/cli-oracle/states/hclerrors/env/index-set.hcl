values {
  a = setunion([1], [2])[0]
}
