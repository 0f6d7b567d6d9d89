values {
  a = "x${null}"
}
