values {
  a = "${1:2}"
}
