values {
  a = {for k, 1 in {}: k => 1}
}
