values {
  a = "${1